package org.gpuvo.gpu.cuda;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * The {@code kernelParams} array of a {@code cuLaunchKernel} call, built from plain values in the kernel's
 * declaration order: device pointers, {@code int}s, {@code float}s, {@code double}s, and structs passed by value as
 * their little-endian bytes.
 */
final class KernelArguments {
    private KernelArguments() {
    }

    static Pointer of(Object... values) {
        Pointer[] pointers = new Pointer[values.length];
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            if (v instanceof CUdeviceptr p)
                pointers[i] = Pointer.to(p);
            else if (v instanceof Integer n)
                pointers[i] = Pointer.to(new int[]{n});
            else if (v instanceof Float f)
                pointers[i] = Pointer.to(new float[]{f});
            else if (v instanceof Double d)
                pointers[i] = Pointer.to(new double[]{d});
            else if (v instanceof byte[] struct)
                pointers[i] = Pointer.to(struct);
            else
                throw new IllegalArgumentException("unsupported kernel argument " + v);
        }
        return Pointer.to(pointers);
    }
}
