package org.gpuvo.app.info;

import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.VersionProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code gpuvo info}: what this machine offers gpuvo — the Java runtime and whether the CUDA backend can run. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = "Reports the Java runtime, whether a CUDA device is usable (or why not), and whether the GPU "
                + "kernels were built into gpuvo.")
public final class InfoCommand implements Callable<Integer> {
    @Mixin
    JsonOutput json;

    /** Everything {@code gpuvo info} reports; the JSON keys are the snake_case of these names. */
    record InfoReport(String gpuvoVersion, JavaRuntimeInfo java, CudaInfo cuda) {
        static InfoReport probe() {
            return new InfoReport(VersionProvider.version(), JavaRuntimeInfo.current(), CudaInfo.probe());
        }
    }

    @Override
    public Integer call() throws Exception {
        InfoReport report = InfoReport.probe();
        print(report, json.text());
        json.write(report);
        return 0;
    }

    private static void print(InfoReport report, PrintWriter out) {
        JavaRuntimeInfo java = report.java();
        out.printf("gpuvo     %s%n", report.gpuvoVersion());
        out.printf("java      %s (%s), %s%n", java.version(), java.vendor(), java.vm());
        out.printf(Locale.ROOT, "machine   %s %s %s, %d cores, max heap %.1f GiB%n", java.os(), java.osVersion(),
                java.arch(), java.cores(), java.maxHeapBytes() / (double) (1L << 30));
        CudaInfo cuda = report.cuda();
        if (cuda.usable())
            out.printf(Locale.ROOT,
                    "cuda      %s, compute capability %s, %d multiprocessors, driver CUDA %s, %.1f GiB%n",
                    cuda.device(), cuda.computeCapability(), cuda.multiprocessors(), cuda.driverVersion(),
                    cuda.memoryBytes() / (double) (1L << 30));
        else
            out.printf("cuda      not usable: %s%n", cuda.reason());
        out.printf("kernels   %s%s%n", cuda.kernelsBuilt() ? "built" : "not built",
                cuda.modules().isEmpty() ? "" : ", modules " + String.join(", ", cuda.modules())
                        + (cuda.kernelsLoaded() ? " (loaded)" : ""));
        out.printf("self-test %s%n", cuda.selfTest());
        out.flush();
    }
}
