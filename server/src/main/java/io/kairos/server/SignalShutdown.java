package io.kairos.server;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Turns SIGTERM and SIGINT into an orderly stop with exit status 0 (a plain shutdown hook would
 * leave the JVM's 143/130). Uses {@code sun.misc.Signal} from the jdk.unsupported module, reached
 * by reflection so that the build stays free of internal-API warnings; where it is missing, the
 * caller's shutdown hook still closes the venue, only the exit status differs. The handler runs on
 * the JVM's signal thread.
 */
final class SignalShutdown
{
    private SignalShutdown()
    {
    }

    /** Installs {@code onSignal} for TERM and INT. @return false when signals cannot be handled here. */
    static boolean install(final Runnable onSignal)
    {
        try
        {
            final Class<?> signalClass = Class.forName("sun.misc.Signal");
            final Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
            final InvocationHandler invocation = (final Object proxy, final Method method, final Object[] args) ->
            {
                if ("handle".equals(method.getName()))
                {
                    onSignal.run();
                    return null;
                }
                return switch (method.getName())
                {
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> "SignalShutdown";
                };
            };
            final Object handler = Proxy.newProxyInstance(SignalShutdown.class.getClassLoader(),
                new Class<?>[] {handlerClass}, invocation);
            final Method handle = signalClass.getMethod("handle", signalClass, handlerClass);
            for (final String name : new String[] {"TERM", "INT"})
            {
                handle.invoke(null, signalClass.getConstructor(String.class).newInstance(name), handler);
            }
            return true;
        }
        catch (final ReflectiveOperationException | RuntimeException ex)
        {
            return false;
        }
    }
}
