package io.throttled.it.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.it.ClientHttp;
import io.throttled.it.Deployments;
import io.throttled.it.server.Requires;
import io.throttled.it.server.Scenario;
import io.throttled.it.server.ServerProcess;
import io.throttled.it.server.TestServer;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The real sample WAR (built by the sample-war module), deployed, used and undeployed 10 times in one Liberty server:
 * while the last copy is deployed there is one live {@code Throttler} and one application class loader more than
 * before the loop; after it is undeployed, none. Issue 47: each redeploy of the sample kept the first copy alive
 * through slf4j-jdk14's java.util.logging loggers, which the micro-deployment test, counting only after the last
 * undeploy, could not see.
 *
 * <p>The sample runs on the {@code full} test server, which lacks some of the sample's features (jsonb, mpHealth,
 * mpMetrics, mpOpenAPI): the sample and the extension work without them, and the endpoints used here need none. Its
 * Redis is the suite's, through the WAR's own config file with the suite's lines appended (they win).
 */
@Requires(Scenario.SAMPLE_APPLICATION)
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class SampleRedeployLeavesNothingBehindTest {
    private static final int CYCLES = 10;
    private static final String NAME = "throttled-sample";
    private static final String CONFIG = "WEB-INF/classes/META-INF/microprofile-config.properties";

    @Deployment(name = "sample", managed = false, testable = false)
    static WebArchive deployment() throws IOException {
        File war = new File(Objects.requireNonNull(System.getProperty("sample.war"),
                "sample.war is not set: run the suite through Maven (mvn verify)"));
        if (!war.isFile()) {
            throw new IllegalStateException("no sample WAR at " + war + ": build the sample-war module first");
        }
        WebArchive archive = ShrinkWrap.createFromZipFile(WebArchive.class, war);
        String config;
        try (InputStream in = archive.get(CONFIG).getAsset().openStream()) {
            config = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        archive.delete(CONFIG);
        return archive.addAsWebInfResource(new StringAsset(config + "\n"
                + "throttled.redis.url=" + Deployments.redisUrl() + "\n"
                + "throttled.key-prefix=it:" + NAME + ":\n"
                + "throttled.redis.timeout=5s\n"
                + "throttled.redis.pool.max-wait=5s\n"
                + "demo.embedded-redis=false\n"), "classes/META-INF/microprofile-config.properties");
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    void tenRedeploysOfTheSampleKeepOneCopyWhileDeployedAndNoneAfter() throws Exception {
        ServerProcess server = TestServer.current().jvm().process("full");
        deployer.deploy("sample");   // the first deployment loads server classes and grows pools that stay
        use();
        deployer.undeploy("sample");
        RedeployLeavesNothingBehindTest.Snapshot before = RedeployLeavesNothingBehindTest.Snapshot.settled(server);
        long appLoadersBefore = server.classLoaders(TestServer.current().jvm().applicationLoaderTypes().subList(0, 1));

        for (int i = 0; i < CYCLES - 1; i++) {
            deployer.deploy("sample");
            use();
            deployer.undeploy("sample");
        }
        deployer.deploy("sample");
        RedeployLeavesNothingBehindTest.Snapshot deployed;
        long appLoadersDeployed;
        try {
            use();
            deployed = RedeployLeavesNothingBehindTest.Snapshot.settled(server);
            appLoadersDeployed = server.classLoaders(TestServer.current().jvm().applicationLoaderTypes().subList(0, 1));
        } finally {
            deployer.undeploy("sample");
        }
        RedeployLeavesNothingBehindTest.Snapshot after = RedeployLeavesNothingBehindTest.Snapshot.settled(server);
        long appLoadersAfter = server.classLoaders(TestServer.current().jvm().applicationLoaderTypes().subList(0, 1));
        report(before, appLoadersBefore, deployed, appLoadersDeployed, after, appLoadersAfter);
        RedeployLeavesNothingBehindTest.heapDumpIfAsked(server, ".sample.hprof");

        // earlier tests' applications in this shared server may still be held when this test starts (a server
        // thread's last request keeps its copy until the thread's next one), and go meanwhile: what the loop must not
        // leave is more than there was before it. Run alone, before is 0, so these are exactly one.
        assertThat(deployed.throttlers()).as("live Throttlers while the last copy is deployed (before the loop: %d)",
                before.throttlers()).isBetween(1L, before.throttlers() + 1);
        assertThat(appLoadersDeployed).as("application loaders while the last copy is deployed (before the loop: %d)",
                appLoadersBefore).isBetween(1L, appLoadersBefore + 1);
        assertThat(after.throttlers()).as("live Throttlers after the last undeploy").isLessThanOrEqualTo(
                before.throttlers());
        assertThat(appLoadersAfter).as("application loaders after the last undeploy").isLessThanOrEqualTo(appLoadersBefore);
        assertThat(after.classLoaders()).as("application and thread context class loaders after the last undeploy")
                .isLessThanOrEqualTo(before.classLoaders());
        assertThat(after.threads()).noneMatch(name -> name.startsWith("throttled"));
        assertThat(after.redisConnections()).as("Redis connections named throttled").isEqualTo(before.redisConnections());
    }

    /** The demo's endpoints: a filter-throttled method, a hot key with leases, a throttled EJB, the floor, the admin API. */
    private static void use() throws Exception {
        URL base = new URL("http://127.0.0.1:" + TestServer.current().httpPort() + "/" + NAME + "/");
        for (int i = 0; i < 12; i++) {
            assertThat(ClientHttp.get(base, "api/demo/hot").status()).as("hot").isIn(200, 429);
        }
        ClientHttp ping = ClientHttp.get(base, "api/demo/ping");
        assertThat(ping.status()).as("ping").isIn(200, 429);
        assertThat(ping.header("RateLimit")).isNotNull();
        assertThat(ClientHttp.get(base, "api/demo/greeting").status()).as("greeting").isIn(200, 429);
        assertThat(ClientHttp.get(base, "api/demo/report").status()).as("report").isIn(200, 429);
        assertThat(ClientHttp.get(base, "api/demo/floor").status()).as("floor").isEqualTo(200);
        String operator = "Basic " + Base64.getEncoder().encodeToString("alice:alice-it".getBytes(StandardCharsets.UTF_8));
        assertThat(ClientHttp.get(base, "api/throttled/policies", Map.of("Authorization", operator)).status())
                .as("admin policies").isEqualTo(200);
    }

    private static void report(RedeployLeavesNothingBehindTest.Snapshot before, long loadersBefore,
            RedeployLeavesNothingBehindTest.Snapshot deployed, long loadersDeployed,
            RedeployLeavesNothingBehindTest.Snapshot after, long loadersAfter) {
        String table = "| " + CYCLES + " redeploys of the sample WAR | before the loop | last copy deployed | after its undeploy |\n"
                + "|---|---|---|---|\n"
                + "| live `Throttler` instances | " + before.throttlers() + " | " + deployed.throttlers() + " | "
                + after.throttlers() + " |\n"
                + "| `AppClassLoader`s | " + loadersBefore + " | " + loadersDeployed + " | " + loadersAfter + " |\n"
                + "| application and thread context loaders | " + before.classLoaders() + " | "
                + deployed.classLoaders() + " | " + after.classLoaders() + " |\n"
                + "| server threads (without JIT compiler threads) | " + before.threads().size() + " | "
                + deployed.threads().size() + " | " + after.threads().size() + " |\n"
                + "| Redis connections named `throttled` | " + before.redisConnections() + " | "
                + deployed.redisConnections() + " | " + after.redisConnections() + " |\n";
        System.out.println(table);
        try {
            Files.writeString(Path.of("target", "sample-redeploy.md"), table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
