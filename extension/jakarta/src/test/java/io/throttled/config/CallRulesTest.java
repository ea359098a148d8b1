package io.throttled.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import inet.ipaddr.IPAddressString;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The text forms of count conditions, exemptions and tier sources, and their errors. */
class CallRulesTest {

    @Test
    void countConditionsChargeTheListedStatuses() {
        assertThat(CountCondition.parse("all").countsAll()).isTrue();
        assertThat(CountCondition.parse("").countsAll()).isTrue();
        CountCondition failures = CountCondition.parse("status:401, 403,5xx,420-429");
        assertThat(failures.countsAll()).isFalse();
        assertThat(failures.charges(401)).isTrue();
        assertThat(failures.charges(403)).isTrue();
        assertThat(failures.charges(404)).isFalse();
        assertThat(failures.charges(200)).isFalse();
        assertThat(failures.charges(500)).isTrue();
        assertThat(failures.charges(599)).isTrue();
        assertThat(failures.charges(425)).isTrue();
        assertThat(failures.toString()).isEqualTo("status:401,403,5xx,420-429");
    }

    @Test
    void aBadCountConditionNamesTheEntryAndTheAllowedForms() {
        assertThatThrownBy(() -> CountCondition.parse("failures")).hasMessageContaining("'failures'")
                .hasMessageContaining(CountCondition.ALLOWED);
        assertThatThrownBy(() -> CountCondition.parse("status:401,6xx")).hasMessageContaining("'6xx'");
        assertThatThrownBy(() -> CountCondition.parse("status:99")).hasMessageContaining("'99'");
        assertThatThrownBy(() -> CountCondition.parse("status:500-400")).hasMessageContaining("'500-400'");
        assertThatThrownBy(() -> CountCondition.parse("status:")).hasMessageContaining("''");
    }

    @Test
    void exemptionsMatchBlocksAndRoles() {
        Exemptions exempt = Exemptions.parse("10.0.0.0/8, 2001:db8::/32, role:throttled-admin");
        assertThat(exempt.exemptBy(new IPAddressString("10.1.2.3").getAddress(), r -> false)).isEqualTo("10.0.0.0/8");
        assertThat(exempt.exemptBy(new IPAddressString("::ffff:10.1.2.3").getAddress(), r -> false)).isEqualTo("10.0.0.0/8");
        assertThat(exempt.exemptBy(new IPAddressString("2001:db8:1::7").getAddress(), r -> false)).isEqualTo("2001:db8::/32");
        assertThat(exempt.exemptBy(new IPAddressString("192.0.2.1").getAddress(), r -> false)).isNull();
        assertThat(exempt.exemptBy(new IPAddressString("192.0.2.1").getAddress(), Set.of("throttled-admin")::contains))
                .isEqualTo("role:throttled-admin");
        assertThat(exempt.exemptBy(null, Set.of("user")::contains)).isNull();
        assertThat(Exemptions.parse("").isEmpty()).isTrue();
    }

    @Test
    void aBadExemptionNamesEveryBadEntry() {
        assertThatThrownBy(() -> Exemptions.parse("10.0.0.0/8,intranet,role:")).hasMessageContaining("'intranet'")
                .hasMessageContaining("'role:'").hasMessageContaining(Exemptions.ALLOWED);
    }

    @Test
    void tierSources() {
        assertThat(TierSource.parse("role:")).isEqualTo(new TierSource(TierSource.Kind.ROLE, ""));
        assertThat(TierSource.parse("claim:plan")).isEqualTo(new TierSource(TierSource.Kind.CLAIM, "plan"));
        assertThat(TierSource.parse("header:X-Plan")).isEqualTo(new TierSource(TierSource.Kind.HEADER, "X-Plan"));
        assertThat(TierSource.parse("bean:plans")).isEqualTo(new TierSource(TierSource.Kind.BEAN, "plans"));
        assertThat(TierSource.parse("")).isEqualTo(TierSource.NONE);
        for (String bad : new String[] {"role", "role:admin", "claim:", "header:X Plan", "group:x"}) {
            assertThatThrownBy(() -> TierSource.parse(bad)).as(bad).hasMessageContaining("'" + bad + "'")
                    .hasMessageContaining(TierSource.ALLOWED);
        }
    }

    @Test
    void tierOrder() {
        assertThat(Tiers.parseOrder("internal, pro ,free")).containsExactly("internal", "pro", "free");
        assertThatThrownBy(() -> Tiers.parseOrder("pro,pro")).hasMessageContaining("twice");
        assertThatThrownBy(() -> Tiers.parseOrder("default")).hasMessageContaining("'default'");
        assertThatThrownBy(() -> Tiers.parseOrder("a.b")).hasMessageContaining("'a.b'");
    }
}
