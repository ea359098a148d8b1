package io.throttled.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Jedis's SLF4J lines reach java.util.logging (the server's log) through System.Logger, with their levels. */
class SystemLoggerProviderTest {

    @Test
    void slf4jLinesReachJavaUtilLoggingThroughSystemLogger() {
        Logger jul = Logger.getLogger("io.throttled.sample.slf4j-test");
        List<LogRecord> records = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        jul.addHandler(capture);
        jul.setLevel(Level.INFO);
        try {
            org.slf4j.Logger logger = LoggerFactory.getLogger("io.throttled.sample.slf4j-test");
            assertThat(logger).isInstanceOf(SystemLoggerProvider.SystemLoggerAdapter.class);
            IllegalStateException failure = new IllegalStateException("boom");
            logger.warn("pool {} lost {} connections", "main", 3, failure);
            logger.debug("not at INFO");
            assertThat(logger.isDebugEnabled()).isFalse();
            assertThat(logger.isInfoEnabled()).isTrue();

            assertThat(records).hasSize(1);
            assertThat(records.get(0).getLevel()).isEqualTo(Level.WARNING);
            assertThat(records.get(0).getMessage()).isEqualTo("pool main lost 3 connections");
            assertThat(records.get(0).getThrown()).isSameAs(failure);
        } finally {
            jul.removeHandler(capture);
        }
    }
}
