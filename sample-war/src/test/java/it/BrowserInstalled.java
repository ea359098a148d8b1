package it;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Skips a browser test class, before its server starts, when Chromium or its driver is missing, naming what is
 * missing; with {@code THROTTLED_REQUIRE_BROWSER=true} (CI) a missing browser fails the class instead.
 */
public final class BrowserInstalled implements BeforeAllCallback {
    static final String REQUIRE = "THROTTLED_REQUIRE_BROWSER";

    @Override
    public void beforeAll(ExtensionContext context) {
        List<String> missing = new ArrayList<>();
        for (File executable : List.of(Browser.chromium(), Browser.chromedriver())) {
            if (!executable.canExecute()) {
                missing.add(executable.getPath());
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        String message = String.join(" and ", missing) + " not found: install Debian chromium + chromium-driver "
                + "(or point -Dchromium and -Dchromedriver at them)";
        if ("true".equalsIgnoreCase(System.getenv(REQUIRE))) {
            Assertions.fail(message + " (" + REQUIRE + "=true: a missing browser is a failure)");
        }
        Assumptions.abort(message + "; browser tests skipped (" + REQUIRE + "=true makes this a failure)");
    }
}
