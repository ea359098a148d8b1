package it;

import java.io.File;
import java.nio.file.Path;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/** Headless Chromium from the system packages, driven offline (no Selenium Manager downloads). */
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
        return new Browser(service, new ChromeDriver(service, options));
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
        }
    }
}
