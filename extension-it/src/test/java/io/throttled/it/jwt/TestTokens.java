package io.throttled.it.jwt;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Base64;
import java.util.UUID;

/** Signs MicroProfile JWTs with a key pair made for this test run; the deployment trusts its public key. */
final class TestTokens {
    static final String ISSUER = "https://it.throttled.io";
    private static final KeyPair KEYS = generate();

    private TestTokens() {
    }

    /** The public key as MP JWT's {@code mp.jwt.verify.publickey} takes it (PEM), escaped for a properties file. */
    static String publicKeyProperty() {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(KEYS.getPublic().getEncoded());
        return ("-----BEGIN PUBLIC KEY-----\n" + body + "\n-----END PUBLIC KEY-----").replace("\n", "\\n");
    }

    /** A token for {@code subject} in group {@code user} with this {@code plan} claim, valid for an hour. */
    static String token(String subject, String plan) {
        long now = System.currentTimeMillis() / 1000;
        String header = "{\"alg\":\"RS256\",\"typ\":\"JWT\"}";
        String payload = "{\"iss\":\"" + ISSUER + "\",\"sub\":\"" + subject + "\",\"upn\":\"" + subject + "\","
                + "\"groups\":[\"user\"],\"plan\":\"" + plan + "\",\"iat\":" + now + ",\"exp\":" + (now + 3600) + ","
                + "\"jti\":\"" + UUID.randomUUID() + "\"}";
        String signed = base64Url(header) + "." + base64Url(payload);
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initSign(KEYS.getPrivate());
            rsa.update(signed.getBytes(StandardCharsets.US_ASCII));
            return signed + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(rsa.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64Url(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
