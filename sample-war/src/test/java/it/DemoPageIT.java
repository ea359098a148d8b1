package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The demo page in headless Chromium: a burst clicked, the counts and the remaining tokens shown. */
@ExtendWith(SampleServerExtension.class)
class DemoPageIT {

    @Test
    void aBurstShowsAllowedAndDeniedAndTheRemainingTokensTheHeadersGave(SampleServer sample, @TempDir Path profile)
            throws Exception {
        sample.reset();
        try (Browser chromium = Browser.start(profile)) {
            WebDriver browser = chromium.driver();
            browser.get(sample.url("/"));
            new Select(browser.findElement(By.id("endpoint"))).selectByValue("ping");
            WebElement size = browser.findElement(By.id("burst-size"));
            size.clear();
            size.sendKeys("15");
            long start = System.nanoTime();
            browser.findElement(By.id("send-burst")).click();

            new WebDriverWait(browser, Duration.ofSeconds(30)).until(b -> count(b, "allowed-count") + count(b, "denied-count") == 15);
            long elapsedSeconds = (System.nanoTime() - start) / 1_000_000_000L + 1;

            int allowed = count(browser, "allowed-count");
            assertThat(allowed).isBetween(10, 10 + (int) elapsedSeconds);
            assertThat(count(browser, "denied-count")).isEqualTo(15 - allowed);
            assertThat(browser.findElements(By.cssSelector("#log tr"))).hasSize(15);
            assertThat(browser.findElements(By.cssSelector("#log tr[data-status='429']"))).hasSize(15 - allowed);

            String headers = browser.findElement(By.id("last-headers")).getText();
            String remainingHeader = headers.lines().filter(l -> l.toLowerCase().startsWith("x-ratelimit-remaining:"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElseThrow();
            assertThat(browser.findElement(By.id("remaining")).getText()).isEqualTo(remainingHeader);
            assertThat(headers).startsWith("HTTP 429").contains("retry-after:");
            assertThat(browser.findElement(By.id("policy")).getText()).contains("\"ping\";q=10;w=10");

            Thread.sleep(1200);   // let the chart draw its next second
            Path screenshot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(screenshot, Path.of(System.getProperty("test.output.dir", "target"), "demo-page.png"),
                    StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void thePolicyFormChangesThePolicyThroughTheAdminApi(SampleServer sample, @TempDir Path profile) {
        sample.reset();
        try (Browser chromium = Browser.start(profile)) {
            WebDriver browser = chromium.driver();
            browser.get(sample.url("/"));
            new Select(browser.findElement(By.id("endpoint"))).selectByValue("report");
            new Select(browser.findElement(By.cssSelector("#policy-form select[name='algorithm']"))).selectByVisibleText("gcra");
            browser.findElement(By.cssSelector("#policy-form input[name='rate']")).sendKeys("4/1m");
            browser.findElement(By.cssSelector("#policy-form input[name='password']")).sendKeys(SampleServer.OPERATOR_PASSWORD);
            browser.findElement(By.id("change-policy")).click();
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(15));
            wait.until(b -> b.findElement(By.id("policy-note")).getText().equals("Policy report is now gcra 4/1m, on every node."));

            browser.findElement(By.id("send-one")).click();
            wait.until(b -> b.findElement(By.id("policy")).getText().contains("\"report\";q=4;w=60"));

            browser.findElement(By.id("restore-policy")).click();
            wait.until(b -> b.findElement(By.id("policy-note")).getText().equals("Policy report is now fixed-window 3/15s, on every node."));
        } finally {
            sample.reset();
        }
    }

    private static int count(WebDriver browser, String id) {
        return Integer.parseInt(browser.findElement(By.id(id)).getText().trim());
    }
}
