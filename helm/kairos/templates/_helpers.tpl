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
{{- range $k, $v := .Values.sessionSecret.passwords -}}
{{- if not (hasKey $compIds $k) -}}
{{- fail (printf "sessionSecret.passwords: %q is not a CompID in sessions.orderEntry or sessions.marketData" $k) -}}
{{- end -}}
{{- end -}}
{{- range $k, $v := .Values.extraConfig -}}
{{- $password := and (or (hasPrefix "fix.session." $k) (hasPrefix "md.session." $k)) (or (hasSuffix ".password" $k) (hasSuffix ".cancel-on-disconnect" $k)) -}}
{{- $reserved := or $password (hasPrefix "instrument." $k) (has $k (list "instruments" "fix.bind-address" "fix.port" "fix.comp-id" "fix.data-dir" "fix.sessions" "md.bind-address" "md.port" "md.comp-id" "md.sessions" "metrics.bind-address" "metrics.port" "journal.dir" "journal.mode" "snapshot.dir" "engine.partition-count" "engine.hosted-partitions" "engine.wait-strategy")) -}}
{{- if $reserved -}}
{{- fail (printf "extraConfig: %q is managed by the chart; set it through its own value (see the chart README)" $k) -}}
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
service.beta.kubernetes.io/aws-load-balancer-listener-attributes.TCP-{{ int .port }}: tcp.idle_timeout.seconds={{ int $aws.tcpIdleTimeoutSeconds }}
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
