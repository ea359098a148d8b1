package io.throttled.it.transactions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.throttled.ThrottledException;
import io.throttled.it.Deployments;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.UserTransaction;
import javax.naming.InitialContext;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A call denied inside a container-managed transaction: the caller gets {@link ThrottledException} itself,
 * the transaction is not marked for rollback, and it commits.
 */
@ExtendWith(ArquillianExtension.class)
class DeniedInTransactionTest {

    @Deployment
    static WebArchive deployment() {
        return Deployments.war("denied-in-transaction").addClasses(PaymentService.class);
    }

    @jakarta.inject.Inject
    PaymentService payments;

    @Test
    void denialLeavesTheTransactionAlone() throws Exception {
        InitialContext naming = new InitialContext();
        UserTransaction transaction = (UserTransaction) naming.lookup("java:comp/UserTransaction");
        TransactionSynchronizationRegistry registry =
                (TransactionSynchronizationRegistry) naming.lookup("java:comp/TransactionSynchronizationRegistry");

        transaction.begin();
        try {
            assertThat(payments.pay()).isEqualTo("paid");
            Throwable denied = catchThrowable(payments::pay);

            assertThat(denied).isExactlyInstanceOf(ThrottledException.class);
            assertThat(registry.getRollbackOnly()).isFalse();
            assertThat(transaction.getStatus()).isEqualTo(Status.STATUS_ACTIVE);
        } finally {
            if (transaction.getStatus() == Status.STATUS_ACTIVE) {
                transaction.commit();   // throws RollbackException if the denial had doomed it
            } else {
                transaction.rollback();
            }
        }
        assertThat(transaction.getStatus()).isEqualTo(Status.STATUS_NO_TRANSACTION);
    }
}
