package io.throttled.operator;

import io.throttled.key.CallContext;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The caller an operator describes, as key resolvers, exemptions and tiers see a real one. */
final class DescribedCall implements CallContext {
    private final Caller caller;

    DescribedCall(Caller caller) {
        this.caller = caller;
    }

    @Override
    public Optional<String> queryParameter(String name) {
        return Optional.ofNullable(caller.queryParameters().get(name));
    }

    @Override
    public Optional<String> principal() {
        return Optional.ofNullable(caller.principal());
    }

    @Override
    public Optional<String> remoteAddress() {
        return Optional.ofNullable(caller.remoteAddress());
    }

    @Override
    public List<String> headers(String name) {
        return caller.headers().getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    @Override
    public boolean hasRequest() {
        return true;
    }

    @Override
    public Method method() {
        return null;
    }

    @Override
    public boolean isUserInRole(String role) {
        return caller.roles().contains(role);
    }

    @Override
    public Optional<String> claim(String name) {
        return Optional.ofNullable(caller.claims().get(name));
    }
}
