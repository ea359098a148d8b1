package io.throttled.key;

import io.throttled.core.KeySource;
import java.util.Optional;
import java.util.function.Function;

/**
 * Turns a policy's key source into the key of this call. What each source gives, and what it falls back
 * to when its part is missing:
 *
 * <table>
 * <caption>keys</caption>
 * <tr><th>source</th><th>key</th><th>when missing</th></tr>
 * <tr><td>principal-or-ip</td><td>{@code u:<name>}, else {@code ip:<address>}</td><td>{@code anonymous}</td></tr>
 * <tr><td>principal</td><td>{@code u:<name>}</td><td>{@code ip:<address>}, else {@code anonymous}</td></tr>
 * <tr><td>ip</td><td>{@code ip:<address>}</td><td>{@code u:<name>}, else {@code anonymous}</td></tr>
 * <tr><td>header:Name</td><td>{@code hd:<digest of its one value>} ({@link KeyDigest}: it may be a credential)</td>
 * <td>principal-or-ip (also when it has several values)</td></tr>
 * <tr><td>bean:name</td><td>what the bean returns</td><td>principal-or-ip</td></tr>
 * <tr><td>claim:name</td><td>{@code c:<value>}</td><td>principal-or-ip</td></tr>
 * <tr><td>a+b</td><td>each part's key, joined by {@code /}</td><td>each part's own</td></tr>
 * <tr><td>global</td><td>{@code global}</td><td>-</td></tr>
 * </table>
 *
 * A call outside any HTTP request (timer, message listener) has no address and no headers, so it is keyed
 * by its principal (a run-as identity), or else shares the policy's {@code anonymous} bucket.
 */
public final class KeyResolution {
    /** The key of calls with neither a principal nor an address. */
    public static final String ANONYMOUS = "anonymous";
    /** The key of every call under {@code key=global}. */
    public static final String GLOBAL = "global";

    private final ClientIpResolver ips;
    private final Function<String, KeyResolver> beans;
    private final KeyDigest digest;

    /**
     * Resolution with these addresses and beans, header values digested without a secret.
     *
     * @param ips   finds client addresses
     * @param beans the {@link KeyResolver} bean of a {@code bean:<name>} source, by name
     */
    public KeyResolution(ClientIpResolver ips, Function<String, KeyResolver> beans) {
        this(ips, beans, KeyDigest.unkeyed());
    }

    /**
     * Resolution with these addresses and beans.
     *
     * @param ips    finds client addresses
     * @param beans  the {@link KeyResolver} bean of a {@code bean:<name>} source, by name
     * @param digest how header values are stored (they may be credentials)
     */
    public KeyResolution(ClientIpResolver ips, Function<String, KeyResolver> beans, KeyDigest digest) {
        this.ips = ips;
        this.beans = beans;
        this.digest = digest;
    }

    /**
     * The key of this call under a source, with the fallbacks of the table above.
     *
     * @param source the policy's key source
     * @param call   what is known of the call
     * @return the client key, never null
     */
    public String resolve(KeySource source, CallContext call) {
        switch (source.kind()) {
            case GLOBAL:
                return GLOBAL;
            case PRINCIPAL:
                return principal(call).or(() -> ip(call)).orElse(ANONYMOUS);
            case IP:
                return ip(call).or(() -> principal(call)).orElse(ANONYMOUS);
            case HEADER:
                return SingleHeader.of(call, source.argument()).map(digest::of).orElseGet(() -> principalOrIp(call));
            case CLAIM:
                return call.claim(source.argument()).map(v -> "c:" + v.trim()).orElseGet(() -> principalOrIp(call));
            case COMPOSITE:
                StringBuilder joined = new StringBuilder();
                for (KeySource part : source.parts()) {
                    joined.append(joined.length() == 0 ? "" : "/").append(resolve(part, call));
                }
                return joined.toString();
            case BEAN:
                String key = beans.apply(source.argument()).resolve(call);
                return key == null || key.isBlank() ? principalOrIp(call) : key;
            case PRINCIPAL_OR_IP:
            default:
                return principalOrIp(call);
        }
    }

    private String principalOrIp(CallContext call) {
        return principal(call).or(() -> ip(call)).orElse(ANONYMOUS);
    }

    private static Optional<String> principal(CallContext call) {
        return call.principal().filter(name -> !CallContext.isAnonymous(name)).map(name -> "u:" + name);
    }

    /** {@return how header values are stored} */
    public KeyDigest digest() {
        return digest;
    }

    /** {@return the resolver of client addresses} */
    public ClientIpResolver ips() {
        return ips;
    }

    private Optional<String> ip(CallContext call) {
        return ips.clientIp(call).map(address -> "ip:" + address);
    }
}
