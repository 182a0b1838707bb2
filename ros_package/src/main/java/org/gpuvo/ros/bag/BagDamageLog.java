package org.gpuvo.ros.bag;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A {@link BagDamageListener} that counts the damage, logs it, and keeps the first few reports. */
public final class BagDamageLog implements BagDamageListener {
    private static final Logger LOG = LoggerFactory.getLogger(BagDamageLog.class);
    /** Reports kept; a badly damaged bag may report once per message, and those need not all stay in memory. */
    public static final int KEPT = 100;

    private final List<BagFormatException> kept = new ArrayList<>();
    private long count;

    @Override
    public void damaged(BagFormatException damage) {
        count++;
        if (kept.size() < KEPT)
            kept.add(damage);
        LOG.warn("skipping damaged bag data: {}", damage.getMessage());
    }

    /** Number of damaged places reported. */
    public long count() {
        return count;
    }

    /** The first {@link #KEPT} reports. */
    public List<BagFormatException> first() {
        return Collections.unmodifiableList(kept);
    }
}
