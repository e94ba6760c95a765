{{/*
A client-facing Service of one partition group (order entry or market data).
Call with (dict "root" $ "group" $group "svc" <service values> "suffix" "fix" "portName" "fix" "role" "order-entry"),
plus "tlsPort" <port> "tlsPortName" "fix-tls" when the venue serves the door over TLS too (values tls.*).
Each group has its own Services: a FIX session's sequence numbers and the orders it may touch
live in one group's journal, so a client must always reach the same process.
*/}}
{{- define "kairos.service" -}}
{{- $ctx := dict "root" .root "group" .group -}}
{{- $svc := .svc -}}
{{- $isLb := eq $svc.type "LoadBalancer" -}}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ include "kairos.groupName" $ctx }}-{{ .suffix }}
  labels:
    {{- include "kairos.groupLabels" $ctx | nindent 4 }}
    kairos.io/service: {{ .role }}
  {{- if or $svc.annotations (and $isLb $svc.aws.enabled) }}
  annotations:
    {{- if and $isLb $svc.aws.enabled }}
    {{- include "kairos.awsNlbAnnotations" (dict "svc" $svc "root" .root "port" $svc.port "tlsPort" .tlsPort) | nindent 4 }}
    {{- end }}
    {{- with $svc.annotations }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- end }}
spec:
  type: {{ $svc.type }}
  {{- if or $isLb (eq $svc.type "NodePort") }}
  externalTrafficPolicy: {{ $svc.externalTrafficPolicy }}
  {{- end }}
  {{- if $isLb }}
  {{- if and $svc.aws.enabled (eq $svc.aws.targetType "ip") }}
  # ip targets: the NLB reaches the pod directly, no NodePort needed.
  allocateLoadBalancerNodePorts: false
  {{- end }}
  {{- with $svc.loadBalancerClass }}
  loadBalancerClass: {{ . }}
  {{- end }}
  {{- with $svc.loadBalancerSourceRanges }}
  loadBalancerSourceRanges:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- end }}
  selector:
    {{- include "kairos.groupSelectorLabels" $ctx | nindent 4 }}
  ports:
    - name: {{ .portName }}
      port: {{ int $svc.port }}
      targetPort: {{ .portName }}
      protocol: TCP
    {{- if .tlsPort }}
    - name: {{ .tlsPortName }}
      port: {{ int .tlsPort }}
      targetPort: {{ .tlsPortName }}
      protocol: TCP
    {{- end }}
{{- end -}}
