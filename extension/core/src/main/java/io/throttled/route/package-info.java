/**
 * Internal: route patterns (JAX-RS templates and globs) and the table that finds every route matching a request,
 * in plain Java. Routes are configured by {@code throttled.route.<name>.*} keys or the admin API.
 */
package io.throttled.route;
