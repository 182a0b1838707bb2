package org.gpuvo.ros.bag;

/**
 * Told of each damaged place met while a {@link BagReader} merges its files, in place of an exception: the merge
 * then goes on with the messages after the damage (where the file's reader can resume) and with the other files.
 */
@FunctionalInterface
public interface BagDamageListener {
    void damaged(BagFormatException damage);
}
