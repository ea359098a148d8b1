/**
 * The published API for operators' tools (the admin API is one): CDI beans to read the policies and routes in force
 * with where each setting came from, to validate, store and drop their runtime overrides on every node
 * ({@link io.throttled.operator.Policies}, {@link io.throttled.operator.Routes}), to inspect and reset buckets
 * ({@link io.throttled.operator.Buckets}), to explain which policies a call would meet
 * ({@link io.throttled.operator.CallExplainer}), to see whether and since when the node decides without Redis
 * ({@link io.throttled.operator.Fallbacks}), and to hear of every decision
 * ({@link io.throttled.operator.DecisionObserver}). Values are read-only records in the vocabulary of config; policies
 * themselves are {@link io.throttled.core.Policy}. Nothing here checks who calls: a tool that offers these operations
 * over a network must authenticate and authorise its callers itself.
 */
package io.throttled.operator;
