package org.gpuvo.ros.transport.ihmc;

import us.ihmc.idl.CDR;
import us.ihmc.idl.InterchangeSerializer;
import us.ihmc.pubsub.TopicDataType;
import us.ihmc.pubsub.common.SerializedPayload;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A Fast DDS topic type that carries serialized messages as they are: serializing copies the caller's bytes
 * (encapsulation header included) into the payload, deserializing copies the payload out. Fast DDS's payload is the
 * whole serialized message, header first. The type has no key, as ROS 2 topics have none.
 *
 * <p>RTPS carries payloads in 4-byte multiples, so Fast DDS delivers a message of 25 bytes as 28. As DDS-XTypes 1.3
 * describes the encapsulation options, a writer pads the message itself and counts the padding bytes in the last two bits
 * of the encapsulation options; a reader removes that many bytes and clears the count ({@link #unpaddedLength}). So
 * a message whose length is not a multiple of 4 arrives exactly as it was sent from any writer that counts its
 * padding; from one that does not, up to 3 zero bytes follow it, which CDR readers ignore.</p>
 */
final class RawCdrType implements TopicDataType<CdrSample> {
    private final String ddsName;
    private final int maxBytes;

    private static final int HEADER_BYTES = 4;
    private static final int OPTIONS_BYTE = 3;
    private static final int PADDING_BITS = 0b11;

    /** @param maxBytes the largest message, before padding */
    RawCdrType(String ddsName, int maxBytes) {
        this.ddsName = ddsName;
        this.maxBytes = maxBytes + 3 & ~3;
    }

    /**
     * The length of a received message without the padding its options count, which it clears: {@code length}
     * where none is counted, or where the count is impossible (it is left as it came then).
     */
    static int unpaddedLength(byte[] message, int length) {
        if (length < HEADER_BYTES)
            return length;
        int padding = message[OPTIONS_BYTE] & PADDING_BITS;
        if (padding == 0 || length - padding < HEADER_BYTES)
            return length;
        message[OPTIONS_BYTE] &= (byte) ~PADDING_BITS;
        return length - padding;
    }

    @Override
    public void serialize(CdrSample sample, SerializedPayload payload) throws IOException {
        ByteBuffer target = payload.getData();
        target.clear();
        if ((sample.length + 3 & ~3) > target.capacity())
            throw new IOException(ddsName + ": message of " + sample.length + " bytes, padded to 4 bytes, exceeds the "
                    + target.capacity() + "-byte payload buffer");
        target.put(sample.data, 0, sample.length);
        int padding = -sample.length & 3;
        if (padding > 0 && (sample.data[OPTIONS_BYTE] & PADDING_BITS) == 0) {
            for (int i = 0; i < padding; i++)
                target.put((byte) 0);
            target.put(OPTIONS_BYTE, (byte) (sample.data[OPTIONS_BYTE] | padding));
        }
        // the representation identifier (big endian, first 2 bytes) is also what Fast DDS keeps beside the payload
        payload.setEncapsulation((short) ((sample.data[0] & 0xFF) << 8 | sample.data[1] & 0xFF));
        payload.setLength(target.position());
    }

    /**
     * Copies the payload up to the buffer's limit, which ihmc-pub-sub may set a few bytes past the message: the
     * subscription trims it to the length in the sample info.
     */
    @Override
    public void deserialize(SerializedPayload payload, CdrSample sample) {
        ByteBuffer source = payload.getData();
        int size = source.limit();
        sample.ensureCapacity(size);
        source.get(0, sample.data, 0, size);
        sample.length = size;
    }

    @Override
    public int getTypeSize() {
        return maxBytes;
    }

    @Override
    public String getName() {
        return ddsName;
    }

    @Override
    public CdrSample createData() {
        return new CdrSample();
    }

    @Override
    public TopicDataType<CdrSample> newInstance() {
        return new RawCdrType(ddsName, maxBytes);
    }

    @Override
    public void copy(CdrSample source, CdrSample target) {
        target.ensureCapacity(source.length);
        System.arraycopy(source.data, 0, target.data, 0, source.length);
        target.length = source.length;
    }

    @Override
    public void serialize(CdrSample data, InterchangeSerializer serializer) {
        throw notField();
    }

    @Override
    public void deserialize(InterchangeSerializer serializer, CdrSample data) {
        throw notField();
    }

    @Override
    public void serialize(CdrSample data, CDR cdr) {
        throw notField();
    }

    @Override
    public void deserialize(CdrSample data, CDR cdr) {
        throw notField();
    }

    private UnsupportedOperationException notField() {
        return new UnsupportedOperationException(ddsName + " is carried as raw CDR; it has no fields to (de)serialize "
                + "one by one");
    }
}
