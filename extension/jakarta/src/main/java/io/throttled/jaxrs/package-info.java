/**
 * Internal: the JAX-RS request filters (route and method policies), the {@code RateLimit} and
 * {@code RateLimit-Policy} headers, and 429 answers as {@code application/problem+json}. Public because JAX-RS
 * providers must be; an application lists them only when it registers its classes by hand.
 */
package io.throttled.jaxrs;
