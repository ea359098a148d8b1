package io.throttled.key;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A call context assembled by a test: a peer, headers, maybe a principal. */
public final class FakeCall implements CallContext {
    private final Map<String, List<String>> headers = new LinkedHashMap<>();
    private String peer;
    private String principal;
    private boolean request = true;

    public static FakeCall from(String peer) {
        FakeCall call = new FakeCall();
        call.peer = peer;
        return call;
    }

    /** A call outside any HTTP request, like a timer's. */
    public static FakeCall withoutRequest() {
        FakeCall call = new FakeCall();
        call.request = false;
        return call;
    }

    public FakeCall header(String name, String value) {
        headers.computeIfAbsent(name.toLowerCase(), k -> new ArrayList<>()).add(value);
        return this;
    }

    public FakeCall principal(String name) {
        this.principal = name;
        return this;
    }

    @Override
    public Optional<String> principal() {
        return Optional.ofNullable(principal).filter(n -> !CallContext.isAnonymous(n));
    }

    @Override
    public Optional<String> remoteAddress() {
        return Optional.ofNullable(peer);
    }

    @Override
    public List<String> headers(String name) {
        return headers.getOrDefault(name.toLowerCase(), List.of());
    }

    @Override
    public boolean hasRequest() {
        return request;
    }

    @Override
    public Method method() {
        return null;
    }
}
