{{/*
Names. fullname is capped at 30 characters so that "<fullname>-<group>-headless" (groups: max 20)
stays a valid 63-character DNS label and StatefulSet pod names keep room for the ordinal.
*/}}
{{- define "kairos.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 30 | trimSuffix "-" -}}
{{- end -}}

{{- define "kairos.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 30 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 30 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 30 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "kairos.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "kairos.selectorLabels" -}}
app.kubernetes.io/name: {{ include "kairos.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "kairos.labels" -}}
helm.sh/chart: {{ include "kairos.chart" . }}
{{ include "kairos.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: kairos
{{- end -}}

{{/* Selector labels of one partition group; call with (dict "root" $ "group" $group). */}}
{{- define "kairos.groupSelectorLabels" -}}
{{ include "kairos.selectorLabels" .root }}
app.kubernetes.io/component: venue
kairos.io/partition-group: {{ .group.name }}
{{- end -}}

{{- define "kairos.groupLabels" -}}
{{ include "kairos.labels" .root }}
app.kubernetes.io/component: venue
kairos.io/partition-group: {{ .group.name }}
{{- end -}}

{{- define "kairos.groupName" -}}
{{- printf "%s-%s" (include "kairos.fullname" .root) .group.name -}}
{{- end -}}

{{- define "kairos.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "kairos.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "kairos.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "kairos.configMapName" -}}
{{- printf "%s-config" (include "kairos.fullname" .) -}}
{{- end -}}

{{- define "kairos.sessionSecretName" -}}
{{- if .Values.sessionSecret.existingSecret -}}
{{- .Values.sessionSecret.existingSecret -}}
{{- else -}}
{{- printf "%s-sessions" (include "kairos.fullname" .) -}}
{{- end -}}
{{- end -}}

{{/* A whole number as properties text: Helm reads YAML numbers as float64 and would print 1e+06. */}}
{{- define "kairos.integerText" -}}
{{- if kindIs "float64" . -}}{{ int64 . }}{{- else -}}{{ . }}{{- end -}}
{{- end -}}

{{/* Environment variable that overrides a config key: KAIROS_ + upper case, "." and "-" -> "_". */}}
{{- define "kairos.envName" -}}
{{- printf "KAIROS_%s" (. | upper | replace "." "_" | replace "-" "_") -}}
{{- end -}}

{{/*
Checks that JSON schema cannot express: partitions are hosted exactly once and exist,
instruments sit on existing partitions, names and CompIDs are unique, sessions have passwords.
Included by every template that depends on these values so that any render fails the same way.
*/}}
{{- define "kairos.validate" -}}
{{- $count := int .Values.engine.partitionCount -}}
{{- $hosted := dict -}}
{{- $groupNames := dict -}}
{{- range .Values.partitionGroups -}}
{{- if hasKey $groupNames .name -}}
{{- fail (printf "partitionGroups: the name %q is used twice" .name) -}}
{{- end -}}
{{- $_ := set $groupNames .name true -}}
{{- $group := .name -}}
{{- range .partitions -}}
{{- $p := int . -}}
{{- if ge $p $count -}}
{{- fail (printf "partitionGroups[%s]: partition %d does not exist (engine.partitionCount is %d)" $group $p $count) -}}
{{- end -}}
{{- if hasKey $hosted (toString $p) -}}
{{- fail (printf "partitionGroups: partition %d is hosted by both %q and %q" $p (get $hosted (toString $p)) $group) -}}
{{- end -}}
{{- $_ := set $hosted (toString $p) $group -}}
{{- end -}}
{{- end -}}
{{- range $group := .Values.partitionGroups -}}
{{- $ctx := dict "root" $ "group" $group -}}
{{- $members := include "kairos.memberName" $ctx -}}
{{- if and (eq (include "kairos.replication" $ctx) "cluster") (gt (len $members) 52) -}}
{{- fail (printf "partitionGroups[%s]: the cluster members' StatefulSet name %q has %d characters, more than 52 (its pods' controller-revision-hash label adds 11 to a 63-character limit): shorten the group name or fullnameOverride" $group.name $members (len $members)) -}}
{{- end -}}
{{- end -}}
{{- range $p := until $count -}}
{{- if not (hasKey $hosted (toString $p)) -}}
{{- fail (printf "partitionGroups: partition %d is hosted by no group (every partition in 0..%d needs one)" $p (sub $count 1)) -}}
{{- end -}}
{{- end -}}
{{- $symbols := dict -}}
{{- $ids := dict -}}
{{- range .Values.instruments -}}
{{- if hasKey $symbols .symbol -}}
{{- fail (printf "instruments: the symbol %q is listed twice" .symbol) -}}
{{- end -}}
{{- $_ := set $symbols .symbol true -}}
{{- if hasKey $ids (toString (int .id)) -}}
{{- fail (printf "instruments: the id %d is used by %q and %q" (int .id) (get $ids (toString (int .id))) .symbol) -}}
{{- end -}}
{{- $_ := set $ids (toString (int .id)) .symbol -}}
{{- if ge (int .partition) $count -}}
{{- fail (printf "instruments[%s]: partition %d does not exist (engine.partitionCount is %d)" .symbol (int .partition) $count) -}}
{{- end -}}
{{- end -}}
{{- $compIds := dict -}}
{{- range (concat .Values.sessions.orderEntry .Values.sessions.marketData) -}}
{{- if hasKey $compIds . -}}
{{- fail (printf "sessions: the CompID %q is listed twice (order entry and market data CompIDs must differ)" .) -}}
{{- end -}}
{{- $_ := set $compIds . true -}}
{{- end -}}
{{- $envNames := dict -}}
{{- range (concat .Values.sessions.orderEntry .Values.sessions.marketData) -}}
{{- $env := . | upper | replace "-" "_" -}}
{{- if hasKey $envNames $env -}}
{{- fail (printf "sessions: the CompIDs %q and %q map to the same environment variable suffix %s" (get $envNames $env) . $env) -}}
{{- end -}}
{{- $_ := set $envNames $env . -}}
{{- end -}}
{{- range .Values.sessions.cancelOnDisconnect -}}
{{- if not (has . $.Values.sessions.orderEntry) -}}
{{- fail (printf "sessions.cancelOnDisconnect: %q is not a CompID in sessions.orderEntry" .) -}}
{{- end -}}
{{- end -}}
{{- range $k, $v := .Values.sessions.firms -}}
{{- if not (has $k $.Values.sessions.orderEntry) -}}
{{- fail (printf "sessions.firms: %q is not a CompID in sessions.orderEntry" $k) -}}
{{- end -}}
{{- end -}}
{{- if and .Values.admin.operators (not .Values.admin.existingSecret) -}}
{{- fail "admin.operators: set admin.existingSecret, the Secret holding each operator's token hash under the operator's name" -}}
{{- end -}}
{{- if .Values.sessionSecret.passwords -}}
{{- fail "sessionSecret.passwords: clear-text passwords are no longer stored; run 'kairos-server hash-password' for each and put its output in sessionSecret.passwordHashes (CompID -> hash)" -}}
{{- end -}}
{{- range $k, $v := .Values.sessionSecret.passwordHashes -}}
{{- if not (hasKey $compIds $k) -}}
{{- fail (printf "sessionSecret.passwordHashes: %q is not a CompID in sessions.orderEntry or sessions.marketData" $k) -}}
{{- end -}}
{{- end -}}
{{- range $k, $v := .Values.extraConfig -}}
{{- $password := and (or (hasPrefix "fix.session." $k) (hasPrefix "md.session." $k)) (or (hasSuffix ".password" $k) (hasSuffix ".password-hash" $k) (hasSuffix ".cancel-on-disconnect" $k) (hasSuffix ".firm" $k)) -}}
{{- $reserved := or $password (hasPrefix "instrument." $k) (hasPrefix "admin." $k) (has $k (list "instruments" "fix.bind-address" "fix.port" "fix.comp-id" "fix.data-dir" "fix.sessions" "md.bind-address" "md.port" "md.comp-id" "md.sessions" "metrics.bind-address" "metrics.port" "journal.dir" "journal.mode" "snapshot.dir" "engine.partition-count" "engine.hosted-partitions" "engine.wait-strategy" "engine.replication" "cluster.members" "cluster.member-id" "cluster.dir" "cluster.client-host" "cluster.history-commands" "cluster.leader-heartbeat-timeout-ms" "cluster.leader-heartbeat-interval-ms" "cluster.election-timeout-ms" "cluster.client-secret" "trading.time-zone" "trading.days" "trading.open" "trading.close")) -}}
{{- if $reserved -}}
{{- fail (printf "extraConfig: %q is managed by the chart; set it through its own value (see the chart README)" $k) -}}
{{- end -}}
{{- end -}}
{{- $r := .Values.replication -}}
{{- if lt (int64 $r.leaderHeartbeatTimeoutMs) (mul 4 (int64 $r.leaderHeartbeatIntervalMs)) -}}
{{- fail (printf "replication: leaderHeartbeatTimeoutMs (%d) must be at least 4 x leaderHeartbeatIntervalMs (%d), or one or two late heartbeats cost an election (the server refuses it too)" (int64 $r.leaderHeartbeatTimeoutMs) (mul 4 (int64 $r.leaderHeartbeatIntervalMs))) -}}
{{- end -}}
{{- $np := .Values.networkPolicy -}}
{{- if $np.enabled -}}
{{- if gt (int $np.ephemeralPorts.from) (int $np.ephemeralPorts.to) -}}
{{- fail (printf "networkPolicy.ephemeralPorts: from (%d) is above to (%d)" (int $np.ephemeralPorts.from) (int $np.ephemeralPorts.to)) -}}
{{- end -}}
{{- range $svcName, $svc := .Values.service -}}
{{- if and (eq $svc.type "LoadBalancer") $svc.aws.enabled $svc.aws.healthCheckOnMetricsPort (eq $svc.aws.targetType "ip") (not $np.metricsFromCidrs) (not $np.metricsFrom) -}}
{{- fail (printf "networkPolicy: service.%s.aws.healthCheckOnMetricsPort has the NLB check the metrics port, which the NetworkPolicy opens only to the monitoring namespace: list your VPC CIDR in networkPolicy.metricsFromCidrs (or set healthCheckOnMetricsPort false)" $svcName) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
AWS Load Balancer Controller annotations for an NLB in front of one Service.
Call with (dict "svc" .Values.service.orderEntry "root" $ "port" <service port>).
*/}}
{{- define "kairos.awsNlbAnnotations" -}}
{{- $aws := .svc.aws -}}
service.beta.kubernetes.io/aws-load-balancer-type: external
service.beta.kubernetes.io/aws-load-balancer-nlb-target-type: {{ $aws.targetType }}
service.beta.kubernetes.io/aws-load-balancer-scheme: {{ $aws.scheme }}
service.beta.kubernetes.io/aws-load-balancer-attributes: load_balancing.cross_zone.enabled={{ $aws.crossZone }}
service.beta.kubernetes.io/aws-load-balancer-target-group-attributes: preserve_client_ip.enabled={{ $aws.preserveClientIp }},deregistration_delay.timeout_seconds={{ int $aws.deregistrationDelaySeconds }},deregistration_delay.connection_termination.enabled=true
{{- $nlbTls := and $aws.tls $aws.tls.certificateArn }}
service.beta.kubernetes.io/aws-load-balancer-listener-attributes.{{ if $nlbTls }}TLS{{ else }}TCP{{ end }}-{{ int .port }}: tcp.idle_timeout.seconds={{ int $aws.tcpIdleTimeoutSeconds }}
{{- if .tlsPort }}
service.beta.kubernetes.io/aws-load-balancer-listener-attributes.TCP-{{ int .tlsPort }}: tcp.idle_timeout.seconds={{ int $aws.tcpIdleTimeoutSeconds }}
{{- end }}
{{- if $nlbTls }}
# TLS terminated by the NLB (ACM certificate) on the plain port's listener; plain TCP to the pod.
service.beta.kubernetes.io/aws-load-balancer-ssl-cert: {{ $aws.tls.certificateArn | quote }}
service.beta.kubernetes.io/aws-load-balancer-ssl-ports: {{ .port | int | toString | quote }}
service.beta.kubernetes.io/aws-load-balancer-backend-protocol: tcp
service.beta.kubernetes.io/aws-load-balancer-ssl-negotiation-policy: {{ $aws.tls.sslPolicy | default "ELBSecurityPolicy-TLS13-1-2-2021-06" }}
{{- end }}
{{- if and $aws.healthCheckOnMetricsPort (eq $aws.targetType "ip") }}
service.beta.kubernetes.io/aws-load-balancer-healthcheck-protocol: HTTP
service.beta.kubernetes.io/aws-load-balancer-healthcheck-port: {{ .root.Values.ports.metrics | int | quote }}
service.beta.kubernetes.io/aws-load-balancer-healthcheck-path: /health/ready
service.beta.kubernetes.io/aws-load-balancer-healthcheck-interval: "10"
service.beta.kubernetes.io/aws-load-balancer-healthcheck-healthy-threshold: "2"
service.beta.kubernetes.io/aws-load-balancer-healthcheck-unhealthy-threshold: "2"
{{- end }}
{{- if $aws.additionalTags }}
service.beta.kubernetes.io/aws-load-balancer-additional-resource-tags: {{ $aws.additionalTags | quote }}
{{- end }}
{{- end -}}

{{/*
Replicated engine (engine.replication, issue 20). Call with (dict "root" $ "group" $group).
kairos.replication: the group's mode, none or cluster (partitionGroups[].replication, else replication.mode).
*/}}
{{- define "kairos.replication" -}}
{{- default .root.Values.replication.mode .group.replication -}}
{{- end -}}

{{/* The group's cluster members: StatefulSet, governing headless Service and pod name prefix. */}}
{{- define "kairos.memberName" -}}
{{- printf "%s-cluster" (include "kairos.groupName" .) -}}
{{- end -}}

{{- define "kairos.memberSelectorLabels" -}}
{{ include "kairos.selectorLabels" .root }}
app.kubernetes.io/component: cluster-member
kairos.io/partition-group: {{ .group.name }}
{{- end -}}

{{- define "kairos.memberLabels" -}}
{{ include "kairos.labels" .root }}
app.kubernetes.io/component: cluster-member
kairos.io/partition-group: {{ .group.name }}
{{- end -}}

{{/*
cluster.members: every member as <pod>.<headless service>.<namespace>.svc:<portBase>, in member-id (= pod
ordinal) order. Members are on their own pods (own IPs), so they share one port base. The name is resolved
through the pod's DNS search path, whatever the cluster domain; publishNotReadyAddresses on the Service lets
the members find each other before any is ready (the cluster can serve only once they have elected a leader).
*/}}
{{- define "kairos.clusterMembers" -}}
{{- $name := include "kairos.memberName" . -}}
{{- $ns := .root.Release.Namespace -}}
{{- $base := int .root.Values.replication.portBase -}}
{{- range $id := until (int .root.Values.replication.members) -}}
{{- if $id }},{{ end }}{{ printf "%s-%d.%s.%s.svc:%d" $name $id $name $ns $base }}
{{- end -}}
{{- end -}}

{{/*
The cluster keys common to a group's gateway and members (env entries). The client secret comes from the Secret
only (never the ConfigMap): members refuse a gateway that cannot prove it knows it.
*/}}
{{- define "kairos.clusterEnv" -}}
- name: KAIROS_ENGINE_REPLICATION
  value: cluster
- name: KAIROS_CLUSTER_MEMBERS
  value: {{ include "kairos.clusterMembers" . | quote }}
- name: {{ include "kairos.envName" "cluster.client-secret" }}
  valueFrom:
    secretKeyRef:
      name: {{ include "kairos.clusterSecretName" .root }}
      key: client-secret
{{- end -}}

{{/* The Secret holding cluster.client-secret (key client-secret): replication.existingClientSecret, else the chart's. */}}
{{- define "kairos.clusterSecretName" -}}
{{- default (printf "%s-cluster-client" (include "kairos.fullname" .)) .Values.replication.existingClientSecret -}}
{{- end -}}

{{/* Whether any group runs the replicated engine ("true" or ""). */}}
{{- define "kairos.anyCluster" -}}
{{- range $group := .Values.partitionGroups -}}
{{- if eq (include "kairos.replication" (dict "root" $ "group" $group)) "cluster" }}true{{ end -}}
{{- end -}}
{{- end -}}

{{/* The members' failover timing (env entries): replication.leaderHeartbeatTimeoutMs and friends. */}}
{{- define "kairos.clusterTimeoutsEnv" -}}
{{- $r := .Values.replication -}}
{{- range $key, $value := dict "cluster.leader-heartbeat-timeout-ms" $r.leaderHeartbeatTimeoutMs "cluster.leader-heartbeat-interval-ms" $r.leaderHeartbeatIntervalMs "cluster.election-timeout-ms" $r.electionTimeoutMs }}
- name: {{ include "kairos.envName" $key }}
  value: {{ include "kairos.integerText" $value | quote }}
{{- end }}
{{- end -}}

{{/*
Who may reach the metrics port (NetworkPolicyPeers): the monitoring namespaces, networkPolicy.metricsFromCidrs
and networkPolicy.metricsFrom. The kubelet's probes come from the node, which most CNIs never filter.
*/}}
{{- define "kairos.metricsPeers" -}}
{{- $np := .Values.networkPolicy -}}
- namespaceSelector:
    {{- toYaml $np.monitoringNamespaceSelector | nindent 4 }}
{{- range $np.metricsFromCidrs }}
- ipBlock:
    cidr: {{ . }}
{{- end }}
{{- with $np.metricsFrom }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* A member's UDP ports, from replication.portBase (the order of MemberEndpoint in the cluster module). */}}
{{- define "kairos.memberPorts" -}}
{{- $base := int .Values.replication.portBase -}}
{{- range $i, $name := list "cl-archive" "cl-ingress" "cl-consensus" "cl-log" "cl-catchup" }}
- name: {{ $name }}
  port: {{ add $base $i }}
{{- end }}
{{- end -}}

{{/* Session password hashes from the Secret: the server validates every session's key at start. */}}
{{- define "kairos.sessionPasswordEnv" -}}
{{- $root := . -}}
{{- range (concat .Values.sessions.orderEntry .Values.sessions.marketData) }}
- name: {{ include "kairos.envName" (printf "%s.session.%s.password-hash" (has . $root.Values.sessions.orderEntry | ternary "fix" "md") .) }}
  valueFrom:
    secretKeyRef:
      name: {{ include "kairos.sessionSecretName" $root }}
      key: {{ . }}
{{- end }}
{{- end -}}

{{/* Startup and liveness on /health/live, readiness on /health/ready, all on the metrics port. */}}
{{- define "kairos.probes" -}}
{{- $probes := .Values.probes -}}
{{- $startup := list "startupProbe" "/health/live" $probes.startup -}}
{{- $liveness := list "livenessProbe" "/health/live" $probes.liveness -}}
{{- range $probe := list $startup $liveness (list "readinessProbe" "/health/ready" $probes.readiness) }}
{{ index $probe 0 }}:
  httpGet:
    path: {{ index $probe 1 }}
    port: metrics
  periodSeconds: {{ int (index $probe 2).periodSeconds }}
  timeoutSeconds: {{ int (index $probe 2).timeoutSeconds }}
  failureThreshold: {{ int (index $probe 2).failureThreshold }}
{{- end }}
{{- end -}}

{{/* Guaranteed QoS: the same cpu and memory as requests and limits. Call with a resources dict. */}}
{{- define "kairos.guaranteedResources" -}}
requests:
  cpu: {{ .cpu | toString | quote }}
  memory: {{ .memory | quote }}
limits:
  cpu: {{ .cpu | toString | quote }}
  memory: {{ .memory | quote }}
{{- end -}}

{{/* Mounts of every kairos container: config, the volume claim "data", memory-backed /tmp and /dev/shm. */}}
{{- define "kairos.volumeMounts" -}}
- name: config
  mountPath: /etc/kairos
  readOnly: true
- name: data
  mountPath: /var/lib/kairos
- name: tmp
  mountPath: /tmp
- name: shm
  mountPath: /dev/shm
{{- end -}}

{{/* The pod volumes behind kairos.volumeMounts (data is the claim). Call with (dict "root" $ "resources" $r). */}}
{{- define "kairos.volumes" -}}
- name: config
  configMap:
    name: {{ include "kairos.configMapName" .root }}
- name: tmp
  emptyDir:
    medium: Memory
    sizeLimit: {{ .resources.tmpSize }}
- name: shm
  emptyDir:
    medium: Memory
    sizeLimit: {{ .resources.shmSize }}
{{- end -}}

{{/*
The claim template "data". Call with (dict "root" $ "labels" <selector labels> "size" <size>
"storageClassName" <class or "">); "" takes persistence.storageClassName, then the chart's StorageClass.
*/}}
{{- define "kairos.dataClaim" -}}
- metadata:
    name: data
    labels:
      {{- .labels | nindent 6 }}
    {{- with .root.Values.persistence.annotations }}
    annotations:
      {{- toYaml . | nindent 6 }}
    {{- end }}
  spec:
    accessModes: [ReadWriteOnce]
    {{- $sc := default .root.Values.persistence.storageClassName .storageClassName }}
    {{- if and (not $sc) .root.Values.storageClass.create }}
    {{- $sc = .root.Values.storageClass.name }}
    {{- end }}
    {{- with $sc }}
    storageClassName: {{ . }}
    {{- end }}
    resources:
      requests:
        storage: {{ .size }}
{{- end -}}

{{/*
TLS listeners of the venue (values tls.*; fix-gateway/README.md "TLS"). kairos.tlsOrderEntry / kairos.tlsMarketData:
"true" when that door serves TLS (a Secret is named and the door is enabled), else "".
*/}}
{{- define "kairos.tlsOrderEntry" -}}
{{- if and .Values.tls.secretName .Values.tls.orderEntry.enabled }}true{{ end -}}
{{- end -}}

{{- define "kairos.tlsMarketData" -}}
{{- if and .Values.tls.secretName .Values.tls.marketData.enabled }}true{{ end -}}
{{- end -}}

{{/* The kairos.properties lines of the TLS listeners: ports and the files of the mounted Secret (/etc/kairos-tls). */}}
{{- define "kairos.tlsProperties" -}}
{{- $taken := dict (toString (int .Values.ports.fix)) "ports.fix" (toString (int .Values.ports.md)) "ports.md" (toString (int .Values.ports.metrics)) "ports.metrics" -}}
{{- range $door := list (dict "key" "tls.orderEntry.port" "on" (include "kairos.tlsOrderEntry" $) "port" $.Values.tls.orderEntry.port) (dict "key" "tls.marketData.port" "on" (include "kairos.tlsMarketData" $) "port" $.Values.tls.marketData.port) -}}
{{- if $door.on -}}
{{- if hasKey $taken (toString (int $door.port)) -}}
{{- fail (printf "%s: port %d is also %s" $door.key (int $door.port) (get $taken (toString (int $door.port)))) -}}
{{- end -}}
{{- $_ := set $taken (toString (int $door.port)) $door.key -}}
{{- end -}}
{{- end -}}
{{- range $door := list (dict "key" "fix" "on" (include "kairos.tlsOrderEntry" $) "port" $.Values.tls.orderEntry.port) (dict "key" "md" "on" (include "kairos.tlsMarketData" $) "port" $.Values.tls.marketData.port) }}
{{- if $door.on }}
{{ $door.key }}.tls-port={{ int $door.port }}
{{ $door.key }}.tls.cert-file=/etc/kairos-tls/tls.crt
{{ $door.key }}.tls.key-file=/etc/kairos-tls/tls.key
{{- if $.Values.tls.requireClientCertificates }}
{{ $door.key }}.tls.client-ca-file=/etc/kairos-tls/ca.crt
{{- end }}
{{- end }}
{{- end }}
{{- end -}}
