package io.throttled.it;

import io.throttled.it.server.TestServer;
import io.throttled.testing.redis.RedisExtension;
import java.io.File;
import java.util.Arrays;
import java.util.Objects;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Micro-deployments as an application that depends on the extension is packaged: the extension jar and its
 * runtime libraries in {@code WEB-INF/lib} (copied there by the build), an empty {@code beans.xml}, and a
 * {@code microprofile-config.properties} that points the extension at the suite's Redis under a key prefix
 * of the archive's own, so deployments never share buckets.
 */
public final class Deployments {
    private Deployments() {
    }

    /** A WAR named {@code name}.war with the extension and these config lines (one {@code key=value} each). */
    public static WebArchive war(String name, String... configLines) {
        WebArchive war = ShrinkWrap.create(WebArchive.class, name + ".war")
                .addAsLibraries(extensionLibraries())
                .addAsWebInfResource(EmptyAsset.INSTANCE, "beans.xml")
                .addAsResource(new StringAsset(config(name, configLines)), "META-INF/microprofile-config.properties");
        return TestServer.current().login().enable(war);   // the suite's users can log in, as on every server
    }

    /** The same WAR with the admin API's jar in {@code WEB-INF/lib}, as an application that uses it ships. */
    public static WebArchive withAdminApi(WebArchive war) {
        File folder = new File(Objects.requireNonNull(System.getProperty("admin.libs"),
                "admin.libs is not set: run the suite through Maven (mvn verify)"));
        File[] jars = folder.listFiles((dir, name) -> name.startsWith("throttled-admin-api") && name.endsWith(".jar"));
        if (jars == null || jars.length != 1) {
            throw new IllegalStateException("no admin API jar in " + folder + ": run the suite through Maven");
        }
        return war.addAsLibraries(jars);
    }

    /** The config every deployment starts from: the suite's Redis, a prefix of its own, loose test timeouts. */
    static String config(String name, String... lines) {
        StringBuilder text = new StringBuilder()
                .append("throttled.redis.url=").append(redisUrl()).append('\n')
                .append("throttled.key-prefix=it:").append(name).append(":\n")
                // a busy two-core machine must not turn a slow reply into a local decision
                .append("throttled.redis.timeout=5s\n")
                .append("throttled.redis.pool.max-wait=5s\n")
                .append("throttled.redis.failure-mode=closed\n");
        for (String line : lines) {
            text.append(line).append('\n');
        }
        return text.toString();
    }

    /** The standalone Redis of this test run (the harness: URL, Testcontainers, or a local process). */
    public static String redisUrl() {
        return RedisExtension.processWide().url();
    }

    private static File[] extensionLibraries() {
        File folder = new File(Objects.requireNonNull(System.getProperty("deployment.libs"),
                "deployment.libs is not set: run the suite through Maven (mvn verify)"));
        File[] jars = folder.listFiles((dir, name) -> name.endsWith(".jar"));
        if (jars == null || Arrays.stream(jars).noneMatch(f -> f.getName().startsWith("throttled-extension"))) {
            throw new IllegalStateException("no extension jar in " + folder + ": run the suite through Maven");
        }
        return jars;
    }
}
