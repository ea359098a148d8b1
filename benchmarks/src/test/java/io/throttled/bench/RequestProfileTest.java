package io.throttled.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the profile of section 5 gives each sample to a part of the request path. */
class RequestProfileTest {

    @Test
    void aSampleGoesToTheFirstKnownFrameFromTheLeafUp() {
        // JDK and native frames at the leaf belong to whoever called them
        assertThat(RequestProfile.partOf(("java/lang/Thread.run;com/ibm/ws/http/channel/internal/Link.ready;"
                + "io/throttled/jaxrs/ThrottledRequestFilter.filter;redis/clients/jedis/Connection.flush;"
                + "java/net/SocketOutputStream.write;__GI___libc_write").split(";")))
                .isEqualTo("Jedis (encode, decode, socket I/O) and its pool");
        // the coalescer before the rest of ours, ours before the container that called it
        assertThat(RequestProfile.partOf(("com/ibm/ws/webcontainer/Servlet.service;io/throttled/jaxrs/Filter.filter;"
                + "io/throttled/redis/CoalescingScripting.run;jdk/internal/misc/Unsafe.park").split(";")))
                .isEqualTo("throttled: coalescing (queue, send, wake)");
        assertThat(RequestProfile.partOf("start_thread;thread_native_entry;G1ParScanThreadState::trim_queue".split(";")))
                .isEqualTo("JVM: garbage collection");
        assertThat(RequestProfile.partOf("start_thread;do_syscall_64".split(";"))).isEqualTo(RequestProfile.OTHER);
        // the application's own classes are not the extension's, though both live under io/throttled
        assertThat(RequestProfile.partOf("com/ibm/ws/Servlet.service;io/throttled/sample/PageHeaders.doFilter".split(";")))
                .isEqualTo("the application (the sample's resource and page filter)");
    }

    @Test
    void aPartsShareOfTheSamplesIsItsShareOfTheCpuPerRequest() {
        Map<String, Double> parts = RequestProfile.perRequest(List.of(
                "java/lang/Thread.run;org/jboss/weld/Proxy.invoke 40",
                "java/lang/Thread.run;org/jboss/weld/Other.call 20",
                "start_thread;do_syscall_64 20",
                ""), 200);

        assertThat(parts.get("Weld (CDI beans, interception)")).isCloseTo(150, within(1e-9));
        assertThat(parts.get(RequestProfile.OTHER)).isCloseTo(50, within(1e-9));
        assertThat(parts.values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(200, within(1e-9));
        assertThat(parts).containsKey("RESTEasy (JAX-RS)").hasSize(RequestProfile.PARTS.size() + 1);
    }
}
