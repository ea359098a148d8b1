/**
 * The public API an application uses in its own code: {@link io.throttled.Throttled} on resources, beans and
 * EJBs, {@link io.throttled.ThrottledException} for a denied call outside JAX-RS, and the closed sets
 * {@link io.throttled.core.Algorithm} and {@link io.throttled.core.Refill}. Settings are the same vocabulary in
 * annotations, MicroProfile Config and the admin API.
 */
package io.throttled;
