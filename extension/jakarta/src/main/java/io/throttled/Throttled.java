package io.throttled;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Rate-limits a JAX-RS resource method, a CDI bean method or an EJB method (or every method of a class).
 *
 * <pre>{@code
 * @GET @Throttled(value = "ping", rate = "10/1s")
 * public String ping() { ... }
 * }</pre>
 *
 * <p>Every member is optional and non-binding: one interceptor serves every configuration. The members
 * are the config vocabulary; MicroProfile Config keys {@code throttled.policy.<name>.<member>} override
 * them, and runtime overrides from the admin API override config. A policy may take all of its settings
 * from config ({@code @Throttled("ping")} plus {@code throttled.policy.ping.rate=10/1s}).
 *
 * <p>Without a name, a method's policy is named {@code <fully qualified class>.<method>}, and a class's
 * policy {@code <fully qualified class>}: all methods of an annotated class share one policy and so one
 * bucket per key. A method's own annotation wins over its class's.
 *
 * <p>Bad settings stop the deployment with a message naming the class, the method, the setting and the
 * value; they never fail the first request.
 */
@Inherited
@InterceptorBinding
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Throttled {

    /** {@return the policy name, shared by every method that names it} */
    @Nonbinding
    String value() default "";

    /** {@return the algorithm: {@code token-bucket} (default), {@code gcra}, {@code fixed-window},
     *  {@code sliding-window-log}, {@code sliding-window-counter} or {@code leaky-bucket}} */
    @Nonbinding
    String algorithm() default "";

    /** {@return one or more limits, comma separated: {@code 10/1s}, {@code 10/1s,1000/1h}, {@code 60/1m;burst=100}} */
    @Nonbinding
    String rate() default "";

    /** {@return the burst of a single-limit policy; 0 keeps the default (the quantity)} */
    @Nonbinding
    long burst() default 0;

    /** {@return how a token bucket refills: {@code greedy} (default) or {@code interval}; token-bucket only} */
    @Nonbinding
    String refill() default "";

    /** {@return whose bucket a call takes from: {@code principal-or-ip} (default), {@code principal}, {@code ip},
     *  {@code global}, {@code header:<Name>}, {@code bean:<name>}, {@code claim:<name>}, or two of these joined
     *  by {@code +} ({@code principal+ip})} */
    @Nonbinding
    String key() default "";

    /** {@return the tokens each call takes; 0 keeps the default (1)} */
    @Nonbinding
    long cost() default 0;

    /** {@return false for shadow mode: decide, count, add headers, log, never block} */
    @Nonbinding
    boolean enforce() default true;

    /**
     * How long a call may wait for a permit instead of being denied, as rate windows are written
     * ({@code 500ms}, {@code 2s}); empty or {@code 0} never waits. token-bucket, gcra and leaky-bucket only.
     *
     * @return the longest wait, or empty for none
     */
    @Nonbinding
    String maxWait() default "";

    /**
     * The most calls waiting at once per key; 0 keeps the default (no bound beyond max-wait).
     *
     * @return the bound, or 0 for none
     */
    @Nonbinding
    long maxWaiters() default 0;

    /**
     * Token leases for hot keys: {@code auto} lets a node that sees a key hot take several tokens from the shared
     * bucket in one Redis call and admit from them locally for at most {@link #leaseLifetime()}; empty or
     * {@code off} never leases. token-bucket (greedy refill), gcra and leaky-bucket only.
     *
     * @return {@code auto}, {@code off}, or empty for the default (off)
     */
    @Nonbinding
    String lease() default "";

    /**
     * How long a lease lives, {@code 10ms} up to {@code 10s}; empty keeps the default ({@code 100ms}).
     *
     * @return the lifetime, or empty for the default
     */
    @Nonbinding
    String leaseLifetime() default "";

    /**
     * For a call to a partner's API (a MicroProfile Rest Client method): when the partner answers 429 with
     * {@code Retry-After}, the bucket is pushed on by that wait, at most this long, so every node backs off
     * together ({@code 30s}); empty or {@code 0} never pushes. token-bucket, gcra and leaky-bucket only.
     *
     * @return the longest push, or empty for none
     */
    @Nonbinding
    String penalty() default "";

    /**
     * What decides this policy's calls when Redis cannot: {@code open} (admit every call: availability first, say
     * for a fairness quota), {@code closed} (refuse every call with 503 and {@code Retry-After}: protection first,
     * say for a login) or {@code local} (decide in this JVM with the same policy); case-insensitive. Empty follows
     * {@code throttled.redis.failure-mode} (default {@code local}). The policy's tiers follow it; config
     * ({@code throttled.policy.<name>.failure-mode}) and the admin API override it.
     *
     * @return {@code open}, {@code closed}, {@code local}, or empty for {@code throttled.redis.failure-mode}
     */
    @Nonbinding
    String failureMode() default "";
}
