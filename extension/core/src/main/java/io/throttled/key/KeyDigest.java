package io.throttled.key;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How a key taken from a request header is stored: a header such as {@code X-Api-Key} carries a credential, which
 * must never sit in Redis, the admin API, the console or a log in clear. The value becomes {@code hd:} and 22
 * characters (128 bits, base64url) of its HMAC-SHA256 under {@code throttled.key-secret}, or of its SHA-256 when no
 * secret is set: a reader of Redis can then still test guesses against a digest, which a secret prevents. Every node
 * must have the same secret, or each would count the same caller in a bucket of its own.
 */
public final class KeyDigest {
    /** The start of every key made from a header value. */
    public static final String PREFIX = "hd:";
    /** Shorter secrets are guessable; 16 characters is the least that is not. */
    static final int MIN_SECRET_CHARS = 16;

    private final Mac prototype;

    private KeyDigest(Mac prototype) {
        this.prototype = prototype;
    }

    /** {@return digests by SHA-256, with no secret} */
    public static KeyDigest unkeyed() {
        return new KeyDigest(null);
    }

    /**
     * Digests by HMAC-SHA256 under a secret ({@code throttled.key-secret}).
     *
     * @param secret the secret, at least {@value #MIN_SECRET_CHARS} characters
     * @return the digest
     * @throws IllegalArgumentException when the secret is too short (the message never contains it)
     */
    public static KeyDigest keyed(String secret) {
        if (secret == null || secret.length() < MIN_SECRET_CHARS) {
            throw new IllegalArgumentException("throttled.key-secret is " + (secret == null ? 0 : secret.length())
                    + " characters long; it must have at least " + MIN_SECRET_CHARS + " (e.g. 32 random characters, the"
                    + " same on every node)");
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return new KeyDigest(mac);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
        }
    }

    /** {@return whether a secret keys the digest} */
    public boolean isKeyed() {
        return prototype != null;
    }

    /**
     * The stored form of a header's value.
     *
     * @param clear the value as the client sent it (trimmed)
     * @return {@code hd:} and the digest
     */
    public String of(String clear) {
        byte[] text = clear.getBytes(StandardCharsets.UTF_8);
        byte[] digest;
        try {
            digest = prototype == null ? MessageDigest.getInstance("SHA-256").digest(text)
                    : ((Mac) prototype.clone()).doFinal(text);   // a Mac is not thread-safe; a clone is cheap
        } catch (GeneralSecurityException | CloneNotSupportedException e) {
            throw new IllegalStateException("cannot digest a key", e);
        }
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 16));
    }
}
