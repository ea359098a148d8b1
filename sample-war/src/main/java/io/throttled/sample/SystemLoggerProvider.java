package io.throttled.sample;

import java.lang.System.Logger.Level;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Marker;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * Jedis logs through SLF4J; this provider hands its lines to {@link System.Logger}, which the JDK hands to
 * {@code java.util.logging} and so to the server's log, with their levels, as the extension's own lines go.
 *
 * <p>Not slf4j-jdk14: on Open Liberty, the {@code java.util.logging} logger of a name is created once per server
 * and remembers the class that first asked for it. slf4j-jdk14's factory asks for it from the application, so the
 * first deployed copy of this application stays in memory for as long as any later copy uses the same loggers:
 * every redeploy kept one undeployed copy (its class loader and all its objects). Asked for through
 * {@link System#getLogger}, the logger is created by a JDK class and holds no application. See docs/operations/redeploys.md.
 */
public final class SystemLoggerProvider implements SLF4JServiceProvider {
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();
    private final ILoggerFactory loggers = name -> new SystemLoggerAdapter(name, System.getLogger(name));

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggers;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
        // nothing to set up: each logger is made when asked for
    }

    /** One SLF4J logger on the {@link System.Logger} of its name. */
    static final class SystemLoggerAdapter extends LegacyAbstractLogger {
        private static final long serialVersionUID = 1L;
        private final transient System.Logger logger;

        SystemLoggerAdapter(String name, System.Logger logger) {
            this.name = name;
            this.logger = logger;
        }

        @Override
        public boolean isTraceEnabled() {
            return logger.isLoggable(Level.TRACE);
        }

        @Override
        public boolean isDebugEnabled() {
            return logger.isLoggable(Level.DEBUG);
        }

        @Override
        public boolean isInfoEnabled() {
            return logger.isLoggable(Level.INFO);
        }

        @Override
        public boolean isWarnEnabled() {
            return logger.isLoggable(Level.WARNING);
        }

        @Override
        public boolean isErrorEnabled() {
            return logger.isLoggable(Level.ERROR);
        }

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(org.slf4j.event.Level level, Marker marker, String pattern,
                Object[] arguments, Throwable thrown) {
            String message = MessageFormatter.basicArrayFormat(pattern, arguments);
            Level to = switch (level) {
                case TRACE -> Level.TRACE;
                case DEBUG -> Level.DEBUG;
                case INFO -> Level.INFO;
                case WARN -> Level.WARNING;
                case ERROR -> Level.ERROR;
            };
            if (thrown == null) {
                logger.log(to, message);
            } else {
                logger.log(to, message, thrown);
            }
        }
    }
}
