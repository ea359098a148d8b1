/**
 * Internal: policies and global settings read from annotations, MicroProfile Config and runtime overrides, and
 * their validation (routes, tiers, count conditions, exemptions). Public for the CDI, JAX-RS and admin layers;
 * applications configure it through config keys, not these types.
 */
package io.throttled.config;
