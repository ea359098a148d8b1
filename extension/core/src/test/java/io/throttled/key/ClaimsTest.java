package io.throttled.key;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.Principal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Claims are read from any principal that has {@code getClaim(String)}, even through a non-public class. */
class ClaimsTest {

    /** The shape of MP JWT's JsonWebToken, without depending on it. */
    public interface TokenLike extends Principal {
        Object getClaim(String name);
    }

    /** The shape of JSON-P's JsonString, whose implementations print it quoted. */
    public interface StringLike {
        String getString();
    }

    private static final class HiddenString implements StringLike {
        @Override
        public String getString() {
            return "gold";
        }

        @Override
        public String toString() {
            return "\"gold\"";
        }
    }

    /** Not public, like many implementations: its method must be reached through the interface. */
    private static final class HiddenToken implements TokenLike {
        private final Map<String, Object> claims;

        HiddenToken(Map<String, Object> claims) {
            this.claims = claims;
        }

        @Override
        public Object getClaim(String name) {
            return claims.get(name);
        }

        @Override
        public String getName() {
            return "alice";
        }
    }

    @Test
    void readsTextNumbersAndTheFirstOfAList() {
        HiddenToken token = new HiddenToken(Map.of("plan", "pro", "level", 3, "groups", List.of("user", "ops"),
                "tier", new HiddenString()));
        assertThat(Claims.of(token, "tier")).contains("gold");
        assertThat(Claims.of(token, "plan")).contains("pro");
        assertThat(Claims.of(token, "level")).contains("3");
        assertThat(Claims.of(token, "groups")).contains("user");
        assertThat(Claims.of(token, "missing")).isEmpty();
    }

    @Test
    void aPrincipalWithoutClaimsHasNone() {
        Principal plain = () -> "bob";
        assertThat(Claims.of(plain, "plan")).isEmpty();
        assertThat(Claims.of(null, "plan")).isEmpty();
    }
}
