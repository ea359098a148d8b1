/**
 * Internal: the reason phrase of a 429 status line on Liberty, by a filter a {@code ServletContainerInitializer}
 * registers.
 */
package io.throttled.servlet;
