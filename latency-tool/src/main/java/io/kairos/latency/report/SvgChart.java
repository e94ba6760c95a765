package io.kairos.latency.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Builds one inline SVG chart: a plot area with gridlines at the axes' ticks, lines in distinct colour and dash
 * styles, shaded rectangles (bands, bars), and a legend below the plot area so it never hides data. No scripts, no
 * network. Allocates freely; used once per chart by the thread writing the report; not thread-safe.
 */
final class SvgChart
{
    static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
        "#17becf", "#7f7f7f", "#bcbd22"};
    /** Cycled after the colours, so the 11th series differs from the 1st by its dashes. */
    static final String[] DASHES = {"", "7 3", "2 2", "9 3 2 3", "4 4", "1 3"};
    static final int WIDTH = 960;
    private static final int PLOT_HEIGHT = 340;
    /** Enough for one bar with its label (the per-hop panels). */
    static final int BAR_PLOT_HEIGHT = 90;
    private static final int LEFT = 90;
    private static final int RIGHT = 30;
    private static final int TOP = 34;
    private static final int AXIS_SPACE = 48;
    private static final int LEGEND_ROW = 18;
    private static final int LEGEND_COLUMNS = 2;
    /** Generous average width of a 12 px sans-serif character, and the line or swatch before the text. */
    private static final int LEGEND_CHARACTER_WIDTH = 7;
    private static final int LEGEND_SAMPLE_WIDTH = 40;

    private record LegendEntry(String name, String colour, String dash, boolean area)
    {
    }

    private final String id;
    private final Axis x;
    private final Axis y;
    private final int plotHeight;
    private final StringBuilder body = new StringBuilder();
    private final List<LegendEntry> legend = new ArrayList<>();
    private int lines;

    SvgChart(final String id, final Axis x, final Axis y)
    {
        this(id, x, y, PLOT_HEIGHT);
    }

    SvgChart(final String id, final Axis x, final Axis y, final int plotHeight)
    {
        this.id = id;
        this.x = x;
        this.y = y;
        this.plotHeight = plotHeight;
    }

    private static int plotWidth()
    {
        return WIDTH - LEFT - RIGHT;
    }

    double px(final double value)
    {
        return LEFT + x.fraction(value) * plotWidth();
    }

    double py(final double value)
    {
        return TOP + plotHeight - y.fraction(value) * plotHeight;
    }

    /** Adds a polyline in the next colour and dash style; {@code steps} draws it as a staircase. */
    void line(final String name, final double[] xs, final double[] ys, final int count)
    {
        final String colour = COLOURS[lines % COLOURS.length];
        final String dash = DASHES[(lines / COLOURS.length + lines) % DASHES.length];
        lines++;
        line(name, xs, ys, count, colour, dash, 1.8);
    }

    /** Adds a polyline with an explicit style; a null name keeps it out of the legend. */
    void line(final String name, final double[] xs, final double[] ys, final int count, final String colour,
        final String dash, final double width)
    {
        body.append("<polyline fill=\"none\" stroke-linejoin=\"round\" stroke=\"").append(colour)
            .append("\" stroke-width=\"").append(width).append('"');
        if (!dash.isEmpty())
        {
            body.append(" stroke-dasharray=\"").append(dash).append('"');
        }
        body.append(" points=\"");
        for (int i = 0; i < count; i++)
        {
            body.append(String.format(Locale.ROOT, "%.1f,%.1f ", px(xs[i]), py(ys[i])));
        }
        body.append("\"/>\n");
        if (name != null)
        {
            legend.add(new LegendEntry(name, colour, dash, false));
        }
    }

    /** A filled rectangle between data coordinates (x0, y0) and (x1, y1). */
    void rect(final double x0, final double y0, final double x1, final double y1, final String colour,
        final double opacity, final String tooltip)
    {
        final double left = Math.min(px(x0), px(x1));
        final double top = Math.min(py(y0), py(y1));
        body.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" " +
            "fill=\"%s\" fill-opacity=\"%.2f\">", left, top, Math.max(Math.abs(px(x1) - px(x0)), 1),
            Math.max(Math.abs(py(y1) - py(y0)), 1), colour, opacity));
        if (tooltip != null)
        {
            body.append("<title>").append(HtmlReport.escape(tooltip)).append("</title>");
        }
        body.append("</rect>\n");
    }

    /** Text at data coordinates. */
    void text(final double xValue, final double yValue, final String text, final String anchor)
    {
        body.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>\n",
            px(xValue), py(yValue), anchor, HtmlReport.escape(text)));
    }

    /** A legend entry for lines drawn in pieces without a name. */
    void lineLegend(final String name, final String colour, final String dash)
    {
        legend.add(new LegendEntry(name, colour, dash, false));
    }

    /** A legend entry for shaded areas drawn with {@link #rect}. */
    void areaLegend(final String name, final String colour)
    {
        legend.add(new LegendEntry(name, colour, "", true));
    }

    String render(final String title, final String xLabel, final String yLabel)
    {
        final int legendRows = (legend.size() + legendColumns() - 1) / legendColumns();
        final int legendTop = TOP + plotHeight + AXIS_SPACE;
        final int height = legendTop + legendRows * LEGEND_ROW + 8;
        final StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg id=\"%s\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" " +
            "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", id,
            WIDTH, height, WIDTH, height));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" font-size=\"15\" font-weight=\"bold\">%s" +
            "</text>\n", LEFT, HtmlReport.escape(title)));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fff\" " +
            "stroke=\"#888\"/>\n", LEFT, TOP, plotWidth(), plotHeight));
        for (int i = 0; i < x.ticks().length; i++)
        {
            final double at = px(x.ticks()[i]);
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e4e4e4\"/>" +
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", at, TOP, at, TOP + plotHeight, at,
                TOP + plotHeight + 16, HtmlReport.escape(x.labels()[i])));
        }
        for (int i = 0; i < y.ticks().length; i++)
        {
            final double at = py(y.ticks()[i]);
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>" +
                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", LEFT, at, LEFT + plotWidth(), at,
                LEFT - 6, at + 4, HtmlReport.escape(y.labels()[i])));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
            LEFT + plotWidth() / 2, TOP + plotHeight + 36, HtmlReport.escape(xLabel)));
        svg.append(String.format(Locale.ROOT, "<text transform=\"translate(16,%d) rotate(-90)\" " +
            "text-anchor=\"middle\">%s</text>\n", TOP + plotHeight / 2, HtmlReport.escape(yLabel)));
        svg.append(String.format(Locale.ROOT, "<svg x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" overflow=\"hidden\">" +
            "<g transform=\"translate(%d,%d)\">\n", LEFT, TOP, plotWidth(), plotHeight, -LEFT, -TOP));
        svg.append(body).append("</g></svg>\n");
        appendLegend(svg, legendTop);
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** Two columns unless an entry is too long for half the plot's width, so entries never run into each other. */
    private int legendColumns()
    {
        final int longest = legend.stream().mapToInt(entry -> entry.name().length()).max().orElse(0);
        return longest * LEGEND_CHARACTER_WIDTH + LEGEND_SAMPLE_WIDTH > plotWidth() / LEGEND_COLUMNS ? 1 :
            LEGEND_COLUMNS;
    }

    private void appendLegend(final StringBuilder svg, final int legendTop)
    {
        final int columns = legendColumns();
        final int columnWidth = plotWidth() / columns;
        svg.append("<g class=\"legend\">");
        for (int i = 0; i < legend.size(); i++)
        {
            final LegendEntry entry = legend.get(i);
            final int x0 = LEFT + (i % columns) * columnWidth;
            final int y0 = legendTop + (i / columns) * LEGEND_ROW;
            if (entry.area())
            {
                svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"28\" height=\"10\" " +
                    "fill=\"%s\" fill-opacity=\"0.45\"/>", x0, y0 + 2, entry.colour()));
            }
            else
            {
                svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" " +
                    "stroke-width=\"2.2\"%s/>", x0, y0 + 7, x0 + 28, y0 + 7, entry.colour(), entry.dash().isEmpty() ?
                    "" : " stroke-dasharray=\"" + entry.dash() + "\""));
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>\n", x0 + 36, y0 + 11,
                HtmlReport.escape(entry.name())));
        }
        svg.append("</g>\n");
    }
}
