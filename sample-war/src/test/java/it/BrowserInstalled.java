package it;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Skips a browser test class, before its server starts, when Chromium or its driver is missing, naming what is
 * missing; with {@code THROTTLED_REQUIRE_BROWSER=true} (CI) a missing browser fails the class instead.
 */
public final class BrowserInstalled implements ExecutionCondition {
    static final String REQUIRE = "THROTTLED_REQUIRE_BROWSER";

    /** A disabled class, unlike one aborted in {@code beforeAll}, is counted as skipped with its reason in the report. */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        List<String> missing = new ArrayList<>();
        for (File executable : List.of(Browser.chromium(), Browser.chromedriver())) {
            if (!executable.canExecute()) {
                missing.add(executable.getPath());
            }
        }
        if (missing.isEmpty()) {
            return ConditionEvaluationResult.enabled("Chromium and its driver are installed");
        }
        String message = String.join(" and ", missing) + " not found: install Debian chromium + chromium-driver "
                + "(or point -Dchromium and -Dchromedriver at them)";
        if ("true".equalsIgnoreCase(System.getenv(REQUIRE))) {
            throw new ExtensionConfigurationException(message + " (" + REQUIRE + "=true: a missing browser is a failure)");
        }
        String skipped = message + "; browser tests skipped (" + REQUIRE + "=true makes this a failure)";
        System.out.println("throttled tests: " + context.getDisplayName() + ": " + skipped);
        return ConditionEvaluationResult.disabled(skipped);
    }
}
