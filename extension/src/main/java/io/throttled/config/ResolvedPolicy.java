package io.throttled.config;

import io.throttled.core.Policy;
import java.util.Map;

/** A policy as it is in force now, with each field's effective text and where it came from. */
public record ResolvedPolicy(Policy policy, Map<PolicyField, Setting> settings) {
}
