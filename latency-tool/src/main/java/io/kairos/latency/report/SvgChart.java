package io.kairos.latency.report;

import java.util.Locale;

/**
 * Builds one inline SVG line/scatter chart with axes, ticks and a legend; linear or log10 axes. No scripts, no
 * network. Allocates freely; used once per report by the thread writing it; not thread-safe.
 */
final class SvgChart
{
    static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
        "#17becf", "#7f7f7f", "#bcbd22"};
    private static final int WIDTH = 900;
    private static final int HEIGHT = 380;
    private static final int LEFT = 80;
    private static final int RIGHT = 20;
    private static final int TOP = 30;
    private static final int BOTTOM = 50;

    private final StringBuilder body = new StringBuilder();
    private final java.util.List<String> legendNames = new java.util.ArrayList<>();
    private final java.util.List<String> legendColours = new java.util.ArrayList<>();
    private final double xMin;
    private final double xMax;
    private final double yMin;
    private final double yMax;
    private final boolean xLog;
    private final boolean yLog;
    private int series;
    private boolean legendRight;
    private boolean legendBottom;

    SvgChart(final double xMin, final double xMax, final boolean xLog, final double yMin, final double yMax,
        final boolean yLog)
    {
        this.xLog = xLog;
        this.yLog = yLog;
        this.xMin = scale(xMin, xLog);
        this.xMax = Math.max(scale(xMax, xLog), this.xMin + 1e-9);
        this.yMin = scale(yMin, yLog);
        this.yMax = Math.max(scale(yMax, yLog), this.yMin + 1e-9);
    }

    private static double scale(final double value, final boolean log)
    {
        return log ? Math.log10(Math.max(value, 1e-9)) : value;
    }

    private double px(final double x)
    {
        return LEFT + (scale(x, xLog) - xMin) / (xMax - xMin) * (WIDTH - LEFT - RIGHT);
    }

    private double py(final double y)
    {
        final double clamped = Math.min(Math.max(scale(y, yLog), yMin), yMax);
        return HEIGHT - BOTTOM - (clamped - yMin) / (yMax - yMin) * (HEIGHT - TOP - BOTTOM);
    }

    /** Places the legend in a corner where the data is not (default top left). */
    SvgChart legendAt(final boolean right, final boolean bottom)
    {
        legendRight = right;
        legendBottom = bottom;
        return this;
    }

    /** Adds a polyline ({@code dots} false) or a scatter of small dots. */
    void add(final String name, final double[] xs, final double[] ys, final int count, final boolean dots)
    {
        final String colour = COLOURS[series % COLOURS.length];
        if (dots)
        {
            body.append("<g fill=\"").append(colour).append("\" fill-opacity=\"0.6\">");
            for (int i = 0; i < count; i++)
            {
                body.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.6\"/>", px(xs[i]),
                    py(ys[i])));
            }
            body.append("</g>\n");
        }
        else
        {
            body.append("<polyline fill=\"none\" stroke-width=\"1.6\" stroke=\"").append(colour)
                .append("\" points=\"");
            for (int i = 0; i < count; i++)
            {
                body.append(String.format(Locale.ROOT, "%.1f,%.1f ", px(xs[i]), py(ys[i])));
            }
            body.append("\"/>\n");
        }
        legendNames.add(name);
        legendColours.add(colour);
        series++;
    }

    String render(final String title, final String xLabel, final String yLabel)
    {
        final StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" " +
            "font-family=\"sans-serif\" font-size=\"11\">\n", WIDTH, HEIGHT));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" font-size=\"14\" font-weight=\"bold\">%s</text>",
            LEFT, HtmlReport.escape(title)));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" " +
            "stroke=\"#999\"/>\n", LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM));
        for (int i = 0; i <= 5; i++)
        {
            final double x = xMin + (xMax - xMin) * i / 5;
            final double y = yMin + (yMax - yMin) * i / 5;
            final double xPixel = LEFT + (WIDTH - LEFT - RIGHT) * i / 5.0;
            final double yPixel = HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * i / 5.0;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>" +
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>", xPixel, TOP, xPixel, HEIGHT - BOTTOM,
                xPixel, HEIGHT - BOTTOM + 15, label(x, xLog)));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>" +
                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", LEFT, yPixel, WIDTH - RIGHT, yPixel,
                LEFT - 5, yPixel + 4, label(y, yLog)));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>",
            (LEFT + WIDTH - RIGHT) / 2, HEIGHT - 12, HtmlReport.escape(xLabel)));
        svg.append(String.format(Locale.ROOT, "<text transform=\"translate(16,%d) rotate(-90)\" " +
            "text-anchor=\"middle\">%s</text>\n", (TOP + HEIGHT - BOTTOM) / 2, HtmlReport.escape(yLabel)));
        svg.append(body);
        final int x = legendRight ? WIDTH - RIGHT - 330 : LEFT + 10;
        final int y = legendBottom ? HEIGHT - BOTTOM - 10 - 16 * series : TOP + 6;
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"320\" height=\"%d\" fill=\"white\" " +
            "fill-opacity=\"0.8\"/>", x - 4, y - 2, 16 * series + 4));
        for (int i = 0; i < series; i++)
        {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>" +
                "<text x=\"%d\" y=\"%d\">%s</text>", x, y + i * 16, legendColours.get(i), x + 18, y + 10 + i * 16,
                HtmlReport.escape(legendNames.get(i))));
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static String label(final double scaled, final boolean log)
    {
        final double value = log ? Math.pow(10, scaled) : scaled;
        if (Math.abs(value) >= 1000)
        {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        return String.format(Locale.ROOT, Math.abs(value) >= 10 ? "%.1f" : "%.3f", value);
    }
}
