package org.gpuvo.ros.transport.ihmc;

/**
 * Run in a JVM of its own by {@link FastDdsUnavailableTest} (the natives, once loaded, stay loaded): opens a
 * transport and prints what happened on one line.
 */
public final class NativeLoadFailureProbe {
    private NativeLoadFailureProbe() {
    }

    public static void main(String[] args) {
        try (IhmcTransport transport = IhmcTransport.open(IhmcTransportConfig.loopbackOnly(
                LoopbackPeers.domainId(5), "probe"))) {
            System.out.println("OPENED " + transport.name());
        } catch (FastDdsUnavailableException e) {
            System.out.println("UNAVAILABLE " + e.getMessage());
        }
    }
}
