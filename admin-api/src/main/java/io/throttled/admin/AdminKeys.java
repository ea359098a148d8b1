package io.throttled.admin;

import io.throttled.core.KeySource;
import io.throttled.core.Policy;
import io.throttled.key.ClientIpResolver;
import io.throttled.key.KeyResolution;
import java.util.Optional;

/**
 * Turns the key an operator gives (a user name, an address, a header value) into the key the filter
 * would resolve for that client under the policy: {@code alice} is {@code u:alice} for a principal policy,
 * {@code 2001:db8::1} is {@code ip:2001:db8::/64}. Already-resolved keys ({@code u:...}, {@code ip:...},
 * {@code h:...}) are taken as they are, addresses normalised.
 */
final class AdminKeys {
    private AdminKeys() {
    }

    /**
     * @throws IllegalArgumentException when the text cannot be a key of this policy
     */
    static String clientKey(Policy policy, String given, ClientIpResolver ips) {
        String text = given == null ? "" : given.strip();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("the key is empty");
        }
        if (text.startsWith("ip:")) {
            return "ip:" + ips.normalise(text.substring(3))
                    .orElseThrow(() -> new IllegalArgumentException("'" + text.substring(3) + "' is not an IP address"));
        }
        if (text.startsWith("u:") || text.startsWith("h:") || text.startsWith("c:") || text.contains("/") || text.equals(KeyResolution.ANONYMOUS)
                || text.equals(KeyResolution.GLOBAL)) {
            return text;
        }
        Optional<String> address = ips.normalise(text);
        if (address.isPresent()) {
            return "ip:" + address.get();
        }
        KeySource source = policy.key();
        return switch (source.kind()) {
            case PRINCIPAL, PRINCIPAL_OR_IP -> "u:" + text;
            case HEADER -> "h:" + text;
            case GLOBAL -> KeyResolution.GLOBAL;
            case CLAIM -> "c:" + text;
            case BEAN, COMPOSITE -> text;
            case IP -> throw new IllegalArgumentException("'" + text + "' is not an IP address, and policy '"
                    + policy.name() + "' is keyed by ip");
        };
    }
}
