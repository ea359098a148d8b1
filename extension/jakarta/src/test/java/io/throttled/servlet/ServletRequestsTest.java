package io.throttled.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServletRequestsTest {

    @Test
    void theFilterKeepsTheContainersOwnRequestForItsChainOnly() throws Exception {
        HttpServletRequest container = stub(HttpServletRequest.class);
        HttpServletRequest wrapped = new HttpServletRequestWrapper(new HttpServletRequestWrapper(container));
        List<HttpServletRequest> seen = new ArrayList<>();
        FilterChain chain = (request, response) -> seen.add(ServletRequests.current());

        assertThat(ServletRequests.current()).isNull();
        new ReasonPhraseFilter().doFilter(wrapped, stub(HttpServletResponse.class), chain);

        assertThat(seen).containsExactly(container);
        assertThat(ServletRequests.current()).isNull();
    }

    @Test
    void aNestedChainPutsTheOuterRequestBackEvenWhenItThrows() throws Exception {
        HttpServletRequest outer = stub(HttpServletRequest.class);
        HttpServletRequest inner = stub(HttpServletRequest.class);
        ServletResponse response = stub(HttpServletResponse.class);
        List<HttpServletRequest> seen = new ArrayList<>();
        ReasonPhraseFilter filter = new ReasonPhraseFilter();
        FilterChain failing = (request, r) -> {
            seen.add(ServletRequests.current());
            throw new IllegalStateException("the resource failed");
        };
        FilterChain outerChain = (request, r) -> {
            try {
                filter.doFilter(inner, response, failing);
            } catch (IllegalStateException expected) {
                seen.add(ServletRequests.current());
            }
        };

        filter.doFilter(outer, response, outerChain);

        assertThat(seen).containsExactly(inner, outer);
        assertThat(ServletRequests.current()).isNull();
    }

    @SuppressWarnings("unchecked")
    private static <T> T stub(Class<T> type) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (method.getName().equals("equals")) {
                return proxy == args[0];
            }
            if (method.getName().equals("hashCode")) {
                return System.identityHashCode(proxy);
            }
            if (method.getName().equals("toString")) {
                return type.getSimpleName() + "@" + Integer.toHexString(System.identityHashCode(proxy));
            }
            return method.getReturnType() == boolean.class ? false : method.getReturnType() == int.class ? 0 : null;
        });
    }
}
