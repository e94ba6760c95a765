package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Every tag the gateway's FIX dictionary lets an order-entry message carry is either one Kairos carries out or takes
 * as information ({@link OrderEntryTags}), or refused with a session Reject naming it: never accepted and ignored.
 * The cases come from the dictionary itself (every field of D, G, F, H and q, through components and groups), so a
 * field added to the dictionary is covered without touching this test.
 */
class OrderEntryTagsTest
{
    private static final Map<String, OrderEntryTags> MESSAGES = Map.of(
        "NewOrderSingle", OrderEntryTags.NEW_ORDER,
        "OrderCancelReplaceRequest", OrderEntryTags.REPLACE,
        "OrderCancelRequest", OrderEntryTags.CANCEL,
        "OrderStatusRequest", OrderEntryTags.STATUS,
        "OrderMassCancelRequest", OrderEntryTags.MASS_CANCEL);

    /** The tags each message may carry beyond the header, trailer and the information-only tags. */
    private static final Map<String, Set<Integer>> CARRIED_OUT = Map.of(
        "NewOrderSingle", Set.of(11, 55, 54, 38, 40, 44, 59, 110, 111),
        "OrderCancelReplaceRequest", Set.of(11, 41, 37, 586, 55, 54, 38, 40, 44, 59),
        "OrderCancelRequest", Set.of(11, 41, 37, 55, 54, 38, 586),
        "OrderStatusRequest", Set.of(37, 11, 55, 54),
        "OrderMassCancelRequest", Set.of(11, 530, 55));
    private static final Set<Integer> INFORMATION = Set.of(1, 660, 581, 453, 448, 447, 452, 802, 523, 803, 526, 583,
        58, 354, 355, 21, 528, 529, 582, 376, 377, 494, 229, 60);

    private final StrictFieldValidator validator = new StrictFieldValidator();

    static Stream<Arguments> dictionaryFields() throws Exception
    {
        final Document dictionary;
        try (InputStream in = OrderEntryTagsTest.class.getResourceAsStream("/io/kairos/fix/KairosFIX44.xml"))
        {
            dictionary = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
        }
        final Map<String, Integer> numbers = new HashMap<>();
        final Map<String, Element> components = new HashMap<>();
        final Map<String, Element> messages = new HashMap<>();
        for (final Element field : children(dictionary, "fields", "field"))
        {
            numbers.put(field.getAttribute("name"), Integer.parseInt(field.getAttribute("number")));
        }
        for (final Element component : children(dictionary, "components", "component"))
        {
            components.put(component.getAttribute("name"), component);
        }
        for (final Element message : children(dictionary, "messages", "message"))
        {
            messages.put(message.getAttribute("name"), message);
        }
        final List<Arguments> cases = new ArrayList<>();
        for (final String message : new TreeSet<>(MESSAGES.keySet()))
        {
            final Set<String> fields = new TreeSet<>();
            collect(messages.get(message), components, fields);
            for (final String field : fields)
            {
                cases.add(Arguments.of(message, field, numbers.get(field)));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}({2})")
    @MethodSource("dictionaryFields")
    void shouldCarryOutOrTakeAsInformationOrRefuseNamingItEveryFieldTheDictionaryAllows(
        final String message, final String field, final int tag)
    {
        final OrderEntryTags tags = MESSAGES.get(message);
        final boolean mayCarry = CARRIED_OUT.get(message).contains(tag) || INFORMATION.contains(tag);
        assertEquals(mayCarry, tags.allows(tag), message + " " + field);
        final boolean valid = validate(tag + "=1", tags);
        if (mayCarry)
        {
            assertTrue(valid || validator.reason() != StrictFieldValidator.TAG_NOT_DEFINED_FOR_MESSAGE,
                field + " is taken");
        }
        else
        {
            assertFalse(valid, field + " is refused");
            assertEquals(tag, validator.invalidTag(), "the Reject names " + field);
            assertEquals(StrictFieldValidator.TAG_NOT_DEFINED_FOR_MESSAGE, validator.reason());
            assertTrue(validator.text().startsWith("tag " + tag + " is not supported on "), validator.text());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messageNames")
    void shouldTakeEveryHeaderAndTrailerTag(final String message)
    {
        for (final int tag : new int[] {8, 9, 35, 49, 56, 34, 52, 43, 97, 122, 10})
        {
            assertTrue(MESSAGES.get(message).allows(tag), message + " " + tag);
        }
        assertNotEquals(true, MESSAGES.get(message).allows(OrderEntryTags.MAX_TAG), "nothing above the table");
    }

    static Stream<String> messageNames()
    {
        return MESSAGES.keySet().stream().sorted();
    }

    private boolean validate(final String field, final OrderEntryTags tags)
    {
        final byte[] bytes = ("35=D\u0001" + field + "\u0001").getBytes(StandardCharsets.US_ASCII);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[bytes.length]);
        buffer.putBytes(0, bytes);
        return validator.validate(buffer, 0, bytes.length, tags);
    }

    private static void collect(final Element parent, final Map<String, Element> components, final Set<String> into)
    {
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling())
        {
            if (node instanceof Element element)
            {
                switch (element.getTagName())
                {
                    case "field" -> into.add(element.getAttribute("name"));
                    case "group" ->
                    {
                        into.add(element.getAttribute("name"));
                        collect(element, components, into);
                    }
                    case "component" -> collect(components.get(element.getAttribute("name")), components, into);
                    default ->
                    {
                    }
                }
            }
        }
    }

    private static List<Element> children(final Document document, final String section, final String tag)
    {
        final List<Element> result = new ArrayList<>();
        final Element parent = (Element)document.getElementsByTagName(section).item(0);
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling())
        {
            if (node instanceof Element element && element.getTagName().equals(tag))
            {
                result.add(element);
            }
        }
        return result;
    }
}
