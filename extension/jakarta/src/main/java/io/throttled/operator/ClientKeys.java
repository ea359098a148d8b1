package io.throttled.operator;

import io.throttled.core.KeySource;
import io.throttled.core.Policy;
import io.throttled.key.ClientIpResolver;
import io.throttled.key.KeyDigest;
import io.throttled.key.KeyResolution;
import java.util.Optional;

/**
 * Turns the key an operator gives (a user name, an address, a header value) into the key the filter
 * would resolve for that client under the policy: {@code alice} is {@code u:alice} for a principal policy,
 * {@code 2001:db8::1} is {@code ip:2001:db8::/64}, an API key {@code k-123} of a header policy (or {@code h:k-123})
 * is its digest {@code hd:...}, since header values are never stored in clear. Already-resolved keys
 * ({@code u:...}, {@code ip:...}, {@code hd:...}) are taken as they are, addresses normalised; the parts of a
 * composite key ({@code u:alice/h:k-123}) each the same way.
 */
final class ClientKeys {
    private ClientKeys() {
    }

    /**
     * @throws IllegalArgumentException when the text cannot be a key of this policy
     */
    static String clientKey(Policy policy, String given, ClientIpResolver ips, KeyDigest digest) {
        String text = given == null ? "" : given.strip();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("the key is empty");
        }
        if (text.startsWith("h:")) {
            return digest.of(text.substring(2).strip());
        }
        if (text.contains("/")) {
            StringBuilder parts = new StringBuilder();
            for (String part : text.split("/", -1)) {
                parts.append(parts.length() == 0 ? "" : "/").append(part.startsWith("h:") ? digest.of(part.substring(2).strip()) : part);
            }
            return parts.toString();
        }
        if (text.startsWith("ip:")) {
            return "ip:" + ips.normalise(text.substring(3))
                    .orElseThrow(() -> new IllegalArgumentException("'" + text.substring(3) + "' is not an IP address"));
        }
        if (text.startsWith("u:") || text.startsWith(KeyDigest.PREFIX) || text.startsWith("c:") || text.equals(KeyResolution.ANONYMOUS)
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
            case HEADER -> digest.of(text);
            case GLOBAL -> KeyResolution.GLOBAL;
            case CLAIM -> "c:" + text;
            case BEAN, COMPOSITE -> text;
            case IP -> throw new IllegalArgumentException("'" + text + "' is not an IP address, and policy '"
                    + policy.name() + "' is keyed by ip");
        };
    }
}
