package io.throttled.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The reason phrase where the container keeps it apart from the status, as GlassFish and Payara do. */
class ContainerStatusLineTest {

    /** Grizzly's {@code org.glassfish.grizzly.http.server.Response}: the phrase of its status line. */
    static final class Grizzly {
        String reason;

        public void setDetailMessage(String message) {
            reason = message;
        }
    }

    /** Catalina's {@code org.apache.catalina.connector.Response}. */
    static final class Catalina {
        final Grizzly coyote = new Grizzly();

        public Grizzly getCoyoteResponse() {
            return coyote;
        }
    }

    /** Catalina's {@code ResponseFacade}, what a filter gets: no getter for what it wraps. */
    static final class Facade {
        protected Catalina response = new Catalina();
    }

    /** Another container's response with a field of that name. */
    static final class Other {
        protected String response = "not a facade";
    }

    @Test
    void theGrizzlyResponseUnderTheFacadeTakesTheReason() {
        Facade facade = new Facade();

        assertThat(ContainerStatusLine.reasonOn(facade, "Too Many Requests")).isTrue();
        assertThat(facade.response.coyote.reason).isEqualTo("Too Many Requests");
    }

    @Test
    void anyOtherResponseIsLeftAlone() {
        assertThat(ContainerStatusLine.reasonOn(new Other(), "Too Many Requests")).isFalse();
        assertThat(ContainerStatusLine.reasonOn(new Object(), "Too Many Requests")).isFalse();
        Facade empty = new Facade();
        empty.response = null;
        assertThat(ContainerStatusLine.reasonOn(empty, "Too Many Requests")).isFalse();
    }
}
