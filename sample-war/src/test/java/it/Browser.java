package it;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Headless Chromium from the system packages, driven offline (no Selenium Manager downloads). Closing it fails
 * the test when a page broke its Content-Security-Policy (the browser logs every refusal to its console).
 */
record Browser(ChromeDriverService service, WebDriver driver) implements AutoCloseable {

    static File chromium() {
        return new File(System.getProperty("chromium", "/usr/bin/chromium"));
    }

    static File chromedriver() {
        return new File(System.getProperty("chromedriver", "/usr/bin/chromedriver"));
    }

    /** Classes using it say {@code @ExtendWith(BrowserInstalled.class)}, so a missing browser skips them first. */
    static Browser start(Path profile) {
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver())
                .usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium().getPath());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--window-size=1280,1250", "--user-data-dir=" + profile);
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        return new Browser(service, new ChromeDriver(service, options));
    }

    /** Loads {@code url} and returns the driver, on that page. */
    WebDriver open(String url) {
        driver.get(url);
        return driver;
    }

    /** The browser console's Content-Security-Policy refusals since the last call (reading the log empties it). */
    List<String> cspViolations() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::getMessage)
                .filter(message -> message.contains("Content Security Policy")).toList();
    }

    @Override
    public void close() {
        List<String> violations;
        try {
            violations = cspViolations();
        } finally {
            try {
                driver.quit();
            } finally {
                service.stop();
            }
        }
        if (!violations.isEmpty()) {
            throw new AssertionError("the page broke its Content-Security-Policy: " + violations);
        }
    }
}
