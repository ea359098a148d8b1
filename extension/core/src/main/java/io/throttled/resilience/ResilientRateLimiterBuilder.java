package io.throttled.resilience;

import io.throttled.core.FailureMode;
import io.throttled.core.RateLimiter;
import io.throttled.core.SharedStore;
import io.throttled.lease.LeasingRateLimiter;
import java.util.function.LongSupplier;

/** Builds a {@link ResilientRateLimiter}; see {@link ResilientRateLimiter#builder(SharedStore)} for the defaults. */
public final class ResilientRateLimiterBuilder {
    final SharedStore redis;
    FailureMode mode = FailureMode.LOCAL;
    RateLimiter local;
    CircuitBreaker breaker;
    OverLimitCache denials;
    LongSupplier nanoTime = System::nanoTime;
    LongSupplier epochMillis = System::currentTimeMillis;
    LeasingRateLimiter leasing;
    long timeoutMillis = 200;   // throttled.redis.timeout's default
    long rememberedKeys = 100_000;
    double unseenShare = 1.0;

    ResilientRateLimiterBuilder(SharedStore redis) {
        this.redis = java.util.Objects.requireNonNull(redis, "store");
    }

    /** @param value what decides when Redis cannot, unless a policy says otherwise @return this builder */
    public ResilientRateLimiterBuilder failureMode(FailureMode value) {
        this.mode = java.util.Objects.requireNonNull(value, "failure mode");
        return this;
    }

    /** @param value the in-JVM store of the {@code local} failure mode; null for a new one @return this builder */
    public ResilientRateLimiterBuilder local(RateLimiter value) {
        this.local = value;
        return this;
    }

    /** @param value the circuit breaker; null for 5 failures and 1 s on {@link #nanoTime(LongSupplier)} @return this builder */
    public ResilientRateLimiterBuilder breaker(CircuitBreaker value) {
        this.breaker = value;
        return this;
    }

    /** @param value the over-limit cache; null for none @return this builder */
    public ResilientRateLimiterBuilder overLimitCache(OverLimitCache value) {
        this.denials = value;
        return this;
    }

    /** @param value the clock of timeouts, episodes and refills @return this builder */
    public ResilientRateLimiterBuilder nanoTime(LongSupplier value) {
        this.nanoTime = java.util.Objects.requireNonNull(value, "clock");
        return this;
    }

    /** @param value the wall clock an episode's start is shown in @return this builder */
    public ResilientRateLimiterBuilder epochMillis(LongSupplier value) {
        this.epochMillis = java.util.Objects.requireNonNull(value, "clock");
        return this;
    }

    /** @param value token leases on the same store; null for none @return this builder */
    public ResilientRateLimiterBuilder leasing(LeasingRateLimiter value) {
        this.leasing = value;
        return this;
    }

    /** @param value the Redis timeout in force, which the fallback's log line names @return this builder */
    public ResilientRateLimiterBuilder timeoutMillis(long value) {
        this.timeoutMillis = value;
        return this;
    }

    /**
     * @param value how many keys' last Redis answers the local fallback keeps (0: none, every key starts at the
     *              unseen share)
     * @return this builder
     */
    public ResilientRateLimiterBuilder rememberedKeys(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("remembered keys must be 0 or more, not " + value);
        }
        this.rememberedKeys = value;
        return this;
    }

    /**
     * @param value the share of its burst a key the local fallback has no answer for starts with, 0 to 1
     * @return this builder
     */
    public ResilientRateLimiterBuilder unseenShare(double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException("the unseen share must be within 0..1, not " + value);
        }
        this.unseenShare = value;
        return this;
    }

    public ResilientRateLimiter build() {
        if (breaker == null) {
            breaker = new CircuitBreaker(5, 1000, nanoTime);
        }
        return new ResilientRateLimiter(this);
    }
}
