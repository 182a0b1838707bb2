package org.gpuvo.app.info;

/** The Java runtime gpuvo runs on: what someone reporting a problem or a timing needs to say. */
record JavaRuntimeInfo(String version, String vendor, String vm, String os, String osVersion, String arch, int cores,
                       long maxHeapBytes) {
    static JavaRuntimeInfo current() {
        return new JavaRuntimeInfo(
                System.getProperty("java.version"),
                System.getProperty("java.vendor"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                System.getProperty("os.name"),
                System.getProperty("os.version"),
                System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory());
    }
}
