package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.core.Acquisition;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.testing.redis.CountingScripting;
import io.throttled.testing.redis.RedisProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/** Connecting by URL (user, password, database, TLS), by Cluster seeds and through Sentinel. */
class RedisConnectionsTest {
    private static final Policy POLICY = Policy.builder("conn").rate("10/1s").build();

    @Test
    void theUrlCarriesUserPasswordAndDatabase() {
        try (RedisProcess server = RedisProcess.start()) {
            try (Jedis admin = server.jedis()) {
                admin.aclSetUser("app", "on", ">s3cret", "~*", "+@all");
            }
            RedisSettings settings = RedisSettings.builder()
                    .url("redis://app:s3cret@127.0.0.1:" + server.port() + "/3").build();
            assertThat(settings.describe()).doesNotContain("s3cret");

            try (RedisRateLimiter limiter = RedisRateLimiter.builder(RedisConnections.scripting(settings)).build()) {
                assertThat(limiter.acquire(POLICY, "u:alice").remaining()).isEqualTo(9);
            }

            try (Jedis admin = server.jedis()) {
                assertThat(admin.keys("*")).isEmpty();
                admin.select(3);
                assertThat(admin.keys("*")).containsExactly("throttled:conn:{u:alice}:tb1s");
            }
        }
    }

    @Test
    void thePasswordMayComeFromItsOwnSettingAndAWrongOneFailsClearly() {
        try (RedisProcess server = RedisProcess.start("--requirepass", "s3cret")) {
            RedisSettings right = RedisSettings.builder().url(server.url()).password("s3cret")
                    .commandTimeout(Duration.ofSeconds(2)).build();   // the default 200 ms can be too short on a busy CI machine
            try (RedisRateLimiter limiter = RedisRateLimiter.builder(RedisConnections.scripting(right)).build()) {
                assertThat(limiter.acquire(POLICY, "k").allowed()).isTrue();
            }

            RedisSettings wrong = RedisSettings.builder().url(server.url()).password("guess").build();
            try (RedisRateLimiter limiter = TestLimiters.withoutPreload(
                    RedisRateLimiter.builder(RedisConnections.scripting(wrong)))) {
                assertThatThrownBy(() -> limiter.acquire(POLICY, "k")).hasStackTraceContaining("WRONGPASS");
            }
        }
    }

    @Test
    void redissSpeaksTlsAndChecksTheCertificate(@TempDir Path dir) throws Exception {
        Path cert = dir.resolve("redis.crt");
        Path key = dir.resolve("redis.key");
        run(dir, "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key.toString(), "-out", cert.toString());
        Path truststore = truststoreWith(cert, dir.resolve("trust.p12"));

        try (RedisProcess server = RedisProcess.start("--port", "0", "--tls-port", "{port}",
                "--tls-cert-file", cert.toString(), "--tls-key-file", key.toString(),
                "--tls-ca-cert-file", cert.toString(), "--tls-auth-clients", "no")) {
            String url = "rediss://127.0.0.1:" + server.port();
            RedisSettings trusted = RedisSettings.builder().url(url).truststore(truststore, "changeit", "PKCS12")
                    .connectTimeout(Duration.ofSeconds(2)).commandTimeout(Duration.ofSeconds(2)).build();
            assertThat(trusted.tls()).isTrue();
            try (RedisRateLimiter limiter = RedisRateLimiter.builder(RedisConnections.scripting(trusted)).build()) {
                assertThat(limiter.acquire(POLICY, "k").remaining()).isEqualTo(9);
            }

            // the JVM's default truststore does not know this self-signed certificate
            RedisSettings untrusted = RedisSettings.builder().url(url)
                    .connectTimeout(Duration.ofSeconds(2)).commandTimeout(Duration.ofSeconds(2)).build();
            try (RedisRateLimiter limiter = TestLimiters.withoutPreload(
                    RedisRateLimiter.builder(RedisConnections.scripting(untrusted)))) {
                assertThatThrownBy(() -> limiter.acquire(POLICY, "k")).hasStackTraceContaining("certification path");
            }
        }
    }

    @Test
    void sentinelFindsTheMaster() {
        try (RedisProcess master = RedisProcess.start();
             RedisProcess sentinel = RedisProcess.sentinel(List.of(
                     "sentinel monitor mymaster 127.0.0.1 " + master.port() + " 1"))) {
            RedisSettings settings = RedisSettings.builder()
                    .sentinel("mymaster", "127.0.0.1:" + sentinel.port())
                    .commandTimeout(Duration.ofSeconds(2)).build();
            assertThat(settings.describe()).isEqualTo("Sentinel master 'mymaster' via [127.0.0.1:" + sentinel.port() + "]");

            CountingScripting calls = new CountingScripting(RedisConnections.scripting(settings));
            try (RedisRateLimiter limiter = RedisRateLimiter.builder(calls).build()) {
                assertThat(limiter.acquire(POLICY, "u:bob").remaining()).isEqualTo(9);
                // one server behind Sentinel: a group is one call, whatever slots its keys would have on a cluster
                List<Decision> group = limiter.acquireTogether(List.of(new Acquisition(POLICY, "u:carol", 1),
                        new Acquisition(POLICY, "ip:10.0.0.1", 1)));
                assertThat(group).extracting(Decision::remaining).containsExactly(9L, 9L);
                assertThat(calls.single.get()).isEqualTo(2);
                assertThat(calls.pipelined.get()).isZero();
            }
            try (Jedis jedis = master.jedis()) {
                assertThat(jedis.keys("*")).containsExactlyInAnyOrder("throttled:conn:{u:bob}:tb1s",
                        "throttled:conn:{u:carol}:tb1s", "throttled:conn:{ip:10.0.0.1}:tb1s");
            }
        }
    }

    private static Path truststoreWith(Path certificate, Path store) throws Exception {
        KeyStore keyStore = KeyStore.getInstance("PKCS12");
        keyStore.load(null, null);
        try (InputStream in = Files.newInputStream(certificate)) {
            keyStore.setCertificateEntry("redis", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        try (OutputStream out = Files.newOutputStream(store)) {
            keyStore.store(out, "changeit".toCharArray());
        }
        return store;
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("%s: %s", String.join(" ", command), output).isZero();
    }
}
