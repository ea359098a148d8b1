/**
 * Token leases for hot keys ({@code lease=auto}): a node that sees a key hot takes several tokens from the
 * shared bucket in one store call, admits from them without a round trip, and gives back what it did not use
 * when the lease ends. Plain Java: the store side is {@link io.throttled.lease.LeaseStore} (on Redis, one
 * script, {@code lease.lua}).
 */
package io.throttled.lease;
