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

/** The operator console in headless Chromium: sign in, change a policy, see it take effect. */
@ExtendWith(SampleServerExtension.class)
class ConsoleIT {

    @Test
    void anOperatorChangesAPolicyAndItTakesEffect(SampleServer sample, @TempDir Path profile) throws Exception {
        sample.reset();
        try (Browser browser = Browser.start(profile)) {
            WebDriver page = browser.driver();
            page.get(sample.url("/throttled-console/"));
            page.findElement(By.id("user")).sendKeys("user");
            page.findElement(By.id("password")).sendKeys(SampleServer.USER_PASSWORD);
            page.findElement(By.id("sign-in")).click();
            WebDriverWait wait = new WebDriverWait(page, Duration.ofSeconds(15));
            wait.until(b -> b.findElement(By.id("login-error")).getText().contains("not in the throttled-admin role"));

            page.findElement(By.id("user")).clear();
            page.findElement(By.id("user")).sendKeys(SampleServer.OPERATOR);
            page.findElement(By.id("password")).clear();
            page.findElement(By.id("password")).sendKeys(SampleServer.OPERATOR_PASSWORD);
            page.findElement(By.id("sign-in")).click();
            try {
                wait.until(b -> b.findElements(By.cssSelector("#policies tr")).size() == 3);
            } catch (RuntimeException e) {
                throw new AssertionError("policies did not show: " + page.getPageSource(), e);
            }

            page.findElement(By.cssSelector("#policies tr[data-policy='greeting'] button.edit")).click();
            WebElement rate = page.findElement(By.cssSelector("#edit-form input[name='rate']"));
            assertThat(rate.getAttribute("placeholder")).isEqualTo("5/10s");
            rate.sendKeys("2/1m");
            page.findElement(By.id("save")).click();
            wait.until(b -> b.findElement(By.id("edit-result")).getText().startsWith("Saved: 2/1m"));
            wait.until(b -> b.findElement(By.cssSelector("#policies tr[data-policy='greeting'] .rate")).getText().equals("2/1m"));
            assertThat(page.findElement(By.cssSelector("#policies tr[data-policy='greeting']")).getText())
                    .contains("rate: runtime override");

            // it takes effect: two greetings per minute now
            assertThat(Http.get(sample.url("/api/demo/greeting")).statusCode()).isEqualTo(200);
            assertThat(Http.get(sample.url("/api/demo/greeting")).statusCode()).isEqualTo(200);
            assertThat(Http.get(sample.url("/api/demo/greeting")).statusCode()).isEqualTo(429);

            // the live counts and the bucket as the console shows them
            wait.until(b -> b.findElements(By.cssSelector("#counts tr[data-policy='greeting'] td.denied")).stream()
                    .anyMatch(e -> Integer.parseInt(e.getText()) >= 1));
            new Select(page.findElement(By.id("bucket-policy"))).selectByValue("greeting");
            page.findElement(By.id("bucket-key")).sendKeys("127.0.0.1");
            page.findElement(By.id("bucket-lookup")).click();
            wait.until(b -> b.findElement(By.id("bucket-state")).getText().contains("\"remaining\": 0"));
            Files.copy(((TakesScreenshot) page).getScreenshotAs(OutputType.FILE).toPath(),
                    Path.of(System.getProperty("test.output.dir", "target"), "console.png"), StandardCopyOption.REPLACE_EXISTING);

            page.findElement(By.id("bucket-reset")).click();
            wait.until(b -> b.findElement(By.id("bucket-state")).getText().startsWith("Reset ip:127.0.0.1"));
            assertThat(Http.get(sample.url("/api/demo/greeting")).statusCode()).isEqualTo(200);

            page.findElement(By.id("drop")).click();
            wait.until(b -> b.findElement(By.id("edit-result")).getText().startsWith("Override dropped: 5/10s"));
        }
    }
}
