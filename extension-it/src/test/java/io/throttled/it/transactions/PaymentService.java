package io.throttled.it.transactions;

import io.throttled.Throttled;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

@Stateless
public class PaymentService {

    /** Joins the caller's transaction; a denial must leave that transaction committable. */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    @Throttled(value = "payments", rate = "1/1m", key = "global")
    public String pay() {
        return "paid";
    }
}
