package io.kairos.cluster;

import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.Counter;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.codecs.ClusterMembersExtendedResponseDecoder;
import io.aeron.cluster.codecs.MessageHeaderDecoder;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ConsensusModuleProxy;
import io.aeron.logbuffer.Header;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;

/**
 * While this member leads, asks its consensus module every {@code queryIntervalNs} for the members as the leader
 * sees them (the query Aeron's {@code ClusterTool list-members} sends: the answer carries, for each member, when the
 * leader last had its acknowledgement of the log) and hands each answer to a {@link MemberPresence}, which logs
 * members lost and rejoined. Aeron Cluster logs nothing of this itself, and has no counter for it.
 *
 * <p>Runs on a slow-polling thread of its own, with an Aeron client of its own whose conductor it drives (no thread
 * of Aeron's), opened by {@link #launch} and closed with the agent. The answers come on the stream the consensus
 * module uses to talk to its service, an IPC stream paced by its slowest subscriber, so every duty cycle drains it
 * (whether leading or not) and the agent must be polled often (milliseconds). One query in flight at a time; an
 * answer is decoded in place, without allocation here; the consensus module writes its answer with a few short
 * strings (the members' endpoints) a few times a second, on the leader only.
 */
final class MembershipWatch implements Agent
{
    /** Often enough to notice a loss within the timeout and a half; a query costs the leader a little. */
    static final long MAX_QUERY_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(250);
    private static final int FRAGMENT_LIMIT = 16;

    private final Aeron aeron;
    private final AgentInvoker conductor;
    private final Subscription answers;
    private final Publication queries;
    private final ConsensusModuleProxy consensusModule;
    private final Counter role;
    private final MemberPresence presence;
    private final long queryIntervalNs;
    private final FragmentAssembler assembler = new FragmentAssembler(this::onFragment);
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final ClusterMembersExtendedResponseDecoder answer = new ClusterMembersExtendedResponseDecoder();
    private long awaitedCorrelationId = Aeron.NULL_VALUE;
    private long nextQueryNs;
    private boolean leading;

    private MembershipWatch(final Aeron aeron, final Subscription answers, final Publication queries,
        final Counter role, final MemberPresence presence, final long queryIntervalNs)
    {
        this.aeron = aeron;
        this.conductor = aeron.conductorAgentInvoker();
        this.answers = answers;
        this.queries = queries;
        this.consensusModule = new ConsensusModuleProxy(queries);
        this.role = role;
        this.presence = presence;
        this.queryIntervalNs = queryIntervalNs;
        this.nextQueryNs = System.nanoTime(); // nanoTime's origin is arbitrary: 0 could be far in its future
    }

    /**
     * Connects to the member's media driver and opens the query and answer streams of {@code consensus} (a launched
     * consensus module's context). Called on the lifecycle thread; the agent's thread owns the result from its start.
     */
    static MembershipWatch launch(
        final ConsensusModule.Context consensus, final MemberPresence presence, final long heartbeatTimeoutNs,
        final ErrorHandler errors)
    {
        final Aeron aeron = Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(consensus.aeronDirectoryName())
            .clientName("kairos-cluster-members")
            .useConductorAgentInvoker(true)
            .errorHandler(errors));
        try
        {
            final Subscription answers = aeron.addSubscription(consensus.controlChannel(),
                consensus.serviceStreamId());
            final Publication queries = aeron.addPublication(consensus.controlChannel(),
                consensus.consensusModuleStreamId());
            return new MembershipWatch(aeron, answers, queries, consensus.clusterNodeRoleCounter(), presence,
                Math.min(MAX_QUERY_INTERVAL_NS, heartbeatTimeoutNs / 2));
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(aeron);
            throw ex;
        }
    }

    @Override
    public int doWork()
    {
        int work = conductor.invoke();
        work += answers.poll(assembler, FRAGMENT_LIMIT);
        if (role.isClosed() || role.get() != Cluster.Role.LEADER.code())
        {
            if (leading)
            {
                leading = false;
                awaitedCorrelationId = Aeron.NULL_VALUE;
                presence.notLeading();
            }
            return work;
        }
        leading = true;
        final long nowNs = System.nanoTime();
        if (nowNs - nextQueryNs >= 0 && queries.isConnected())
        {
            final long correlationId = aeron.nextCorrelationId();
            if (consensusModule.clusterMembersQuery(correlationId))
            {
                awaitedCorrelationId = correlationId;
                nextQueryNs = nowNs + queryIntervalNs;
                work++;
            }
        }
        return work;
    }

    private void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header ignored)
    {
        header.wrap(buffer, offset);
        if (header.schemaId() != MessageHeaderDecoder.SCHEMA_ID ||
            header.templateId() != ClusterMembersExtendedResponseDecoder.TEMPLATE_ID)
        {
            return; // the consensus module's other messages to its service
        }
        answer.wrap(buffer, offset + MessageHeaderDecoder.ENCODED_LENGTH, header.blockLength(), header.version());
        if (answer.correlationId() != awaitedCorrelationId || !leading)
        {
            return; // another tool's answer, or an answer to a query sent while this member still led
        }
        awaitedCorrelationId = Aeron.NULL_VALUE;
        if (answer.leaderMemberId() != answer.memberId())
        {
            presence.notLeading();
            return;
        }
        final long nowNs = answer.currentTimeNs();
        long term = Aeron.NULL_VALUE;
        for (final ClusterMembersExtendedResponseDecoder.ActiveMembersDecoder member : answer.activeMembers())
        {
            if (member.memberId() == answer.leaderMemberId())
            {
                term = member.leadershipTermId();
            }
            member.sbeSkip();
        }
        presence.leading(answer.leaderMemberId(), term, nowNs);
        answer.sbeRewind();
        for (final ClusterMembersExtendedResponseDecoder.ActiveMembersDecoder member : answer.activeMembers())
        {
            presence.member(member.memberId(), member.timeOfLastAppendNs());
            member.sbeSkip();
        }
        presence.end();
    }

    @Override
    public void onClose()
    {
        CloseHelper.closeAll(consensusModule, answers, aeron);
    }

    @Override
    public String roleName()
    {
        return "kairos-cluster-members";
    }
}
