/**
 * Internal: the reason phrase of a 429 status line on Liberty, by a filter a {@code ServletContainerInitializer}
 * registers; the same filter
 * keeps the current request at hand for the extension ({@link io.throttled.servlet.ServletRequests}).
 */
package io.throttled.servlet;
