// Generated from the repository's openapi.yaml; do not edit. Edit openapi.yaml,
// then regenerate with:
//   NAVIGATION_REGENERATE_OPENAPI=1 swift test --scratch-path .build-api --filter NavigationAPITests.OpenAPIDocumentTests
// A test fails while this copy and openapi.yaml differ.
extension OpenAPIDocument {
    static let embeddedText = #"""
openapi: 3.1.0
info:
  title: Navigation API
  version: 1.0.0
  summary: The iOS coordinator pattern on a server, one live coordinator tree per session.
  description: |
    Each session runs a flow: a tree of coordinators that decide which screen
    comes next. Clients render the session's `stack` and report the events of
    its top screen; the coordinators answer by navigating.

    Conventions that hold for every route:

    - JSON bodies are `application/json; charset=utf-8`; errors are
      `application/problem+json` (RFC 9457) with a `type` of the form
      `urn:navigation-server:problem:<kind>`.
    - A path this server does not know is 404 `not-found`, whatever the method.
      A known path with a method it does not answer is 405
      `method-not-allowed` with an `Allow` header. Methods are case-sensitive.
    - `HEAD` is answered wherever `GET` is, with the same status and headers
      and no body.
    - Path segments are percent-decoded one by one before matching (`%2F` is
      data, not a separator); a malformed escape, an empty segment or a
      trailing slash matches nothing (404). A `{id}` that is not 32 lowercase
      hex digits is a session that does not exist (404 `session-not-found`).
    - A body larger than the server's limit is 413 `body-too-large` on every
      route; the server closes the connection after answering.
    - Requests whose line or headers exceed the per-connection memory, and
      requests that are not valid HTTP/1.1, are answered by the HTTP layer
      itself (400, 414 or 431) without a problem body.
    - Access: when the server runs with an API key (`--api-key` or
      `NAVIGATION_API_KEY`), every `/v1` route needs
      `Authorization: Bearer <key>` and answers 401 `unauthorized` with
      `WWW-Authenticate: Bearer` without it; `/healthz` and `/openapi.yaml`
      stay open. Without a key no route needs one.
    - CORS is off unless the server runs with `--cors-origin`. Then a
      response to an allowed `Origin` carries `Access-Control-Allow-Origin`
      and every response carries `Vary: Origin`; a preflight (`OPTIONS` with
      `Origin` and `Access-Control-Request-Method`) on a known path is 204
      with the path's methods. Without CORS, `OPTIONS` is 405 like any other
      method a path does not answer.
    - No error changes a session: an event either applies completely or not
      at all, and the session keeps its `version`.
  license:
    name: Proprietary
    identifier: LicenseRef-Proprietary
security:
  - {}
  - bearerAuth: []
servers:
  - url: http://127.0.0.1:8080
    description: navigation-server with its default --host and --port
tags:
  - name: service
    description: Liveness and the contract itself.
  - name: flows
    description: The flows this server hosts.
  - name: sessions
    description: Navigation sessions, their events and their history.
paths:
  /healthz:
    get:
      tags: [service]
      operationId: getHealth
      security: []
      summary: Liveness
      responses:
        '200':
          description: The server is up.
          headers:
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Health'
    head:
      tags: [service]
      operationId: headHealth
      security: []
      summary: Liveness, headers only
      responses:
        '200':
          description: The server is up.
          headers:
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
  /openapi.yaml:
    get:
      tags: [service]
      operationId: getOpenAPIDocument
      security: []
      summary: This contract, as served by the running server
      responses:
        '200':
          description: This document, byte for byte.
          content:
            application/yaml:
              schema:
                type: object
                description: An OpenAPI 3.1 document (a YAML mapping).
                required: [openapi, info, paths]
    head:
      tags: [service]
      operationId: headOpenAPIDocument
      security: []
      summary: This contract, headers only
      responses:
        '200':
          description: The document exists; its length is in Content-Length.
  /v1/flows:
    get:
      tags: [flows]
      operationId: listFlows
      summary: The flows this server hosts
      description: Each flow with the context members its root coordinator reads at `start()`.
      responses:
        '401':
          $ref: '#/components/responses/Unauthorized'
        '200':
          description: The flows, in the order they were registered.
          headers:
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/FlowList'
    head:
      tags: [flows]
      operationId: headFlows
      summary: The flows, headers only
      responses:
        '401':
          $ref: '#/components/responses/Unauthorized'
        '200':
          description: The flows exist.
          headers:
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
  /v1/sessions:
    post:
      tags: [sessions]
      operationId: createSession
      summary: Start a session
      description: |
        Builds the root coordinator of `flow` with the validated `context`
        (defaults filled in) and calls its `start()`. The new session is at
        version 1.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/CreateSessionRequest'
            example:
              flow: app
              context:
                onboarded: true
                token: null
      responses:
        '401':
          $ref: '#/components/responses/Unauthorized'
        '201':
          description: The session was created.
          headers:
            Location:
              $ref: '#/components/headers/Location'
            ETag:
              $ref: '#/components/headers/ETag'
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Session'
          links:
            GetSession:
              operationId: getSession
              parameters:
                id: '$response.body#/id'
            HeadSession:
              operationId: headSession
              parameters:
                id: '$response.body#/id'
            SendEvent:
              operationId: sendEvent
              description: The first event the root screen accepts, reported by that screen.
              parameters:
                id: '$response.body#/id'
              requestBody:
                screen: '$response.body#/stack/0/id'
                event: '$response.body#/stack/0/events/0/name'
            GetHistory:
              operationId: getHistory
              parameters:
                id: '$response.body#/id'
            EndSession:
              operationId: endSession
              parameters:
                id: '$response.body#/id'
        '400':
          $ref: '#/components/responses/BadRequest'
        '404':
          description: No flow has that name (`flow-not-found`).
          content:
            application/problem+json:
              schema:
                $ref: '#/components/schemas/Problem'
        '413':
          $ref: '#/components/responses/BodyTooLarge'
        '415':
          $ref: '#/components/responses/UnsupportedMediaType'
        '422':
          description: |
            The context does not match the flow's declared context
            (`invalid-context`); `errors` lists each member that is wrong,
            missing or unknown.
          content:
            application/problem+json:
              schema:
                $ref: '#/components/schemas/Problem'
        '429':
          description: |
            The server holds its limit of sessions and none has expired
            (`too-many-sessions`). Retry after the given number of seconds, or
            end sessions that are no longer used.
          headers:
            Retry-After:
              $ref: '#/components/headers/RetryAfter'
          content:
            application/problem+json:
              schema:
                $ref: '#/components/schemas/Problem'
        '500':
          $ref: '#/components/responses/FlowFailure'
  /v1/sessions/{id}:
    parameters:
      - $ref: '#/components/parameters/SessionId'
    get:
      tags: [sessions]
      operationId: getSession
      summary: The current session state
      parameters:
        - $ref: '#/components/parameters/IfNoneMatch'
      responses:
        '401':
          $ref: '#/components/responses/Unauthorized'
        '200':
          description: The session document at its current version.
          headers:
            ETag:
              $ref: '#/components/headers/ETag'
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Session'
        '304':
          $ref: '#/components/responses/NotModified'
        '404':
          $ref: '#/components/responses/SessionNotFound'
    head:
      tags: [sessions]
      operationId: headSession
      summary: The current session version, headers only
      parameters:
        - $ref: '#/components/parameters/IfNoneMatch'
      responses:
        '401':
          $ref: '#/components/responses/Unauthorized'
        '200':
          description: The session exists; `ETag` is its version.
          headers:
            ETag:
              $ref: '#/components/headers/ETag'
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
        '304':
          $ref: '#/components/responses/NotModified'
        '404':
          description: No live session has this id.
    delete:
      tags: [sessions]
      operationId: endSession
      summary: End a session
      description: The root coordinator's `finish()` runs and the session is freed; later requests for it are 404.
      responses:
        '401':
          $ref: '#/components/responses/Unauthorized'
        '204':
          description: The session ended.
          headers:
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
        '404':
          $ref: '#/components/responses/SessionNotFound'
  /v1/sessions/{id}/events:
    parameters:
      - $ref: '#/components/parameters/SessionId'
    post:
      tags: [sessions]
      operationId: sendEvent
      summary: Report an event of the active screen
      description: |
        The coordinator that showed the screen decides what happens. `back`
        (pop a pushed screen) and `dismiss` (close the top modal) are carried
        out by the router itself, then reported to the owning coordinator;
        they take no payload. An accepted event increments `version` by one.

        Checks run in this order: the shape of `{id}` (404), the body (400,
        415), whether the session exists (404), `If-Match` (412), the
        session's state (409), the event and its payload (422).
      parameters:
        - $ref: '#/components/parameters/IfMatch'
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/SendEventRequest'
            example:
              screen: s1
              event: select
              payload:
                code: USD
      responses:
        '401':
          $ref: '#/components/responses/Unauthorized'
        '200':
          description: The event was applied; the session document at its new version.
          headers:
            ETag:
              $ref: '#/components/headers/ETag'
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Session'
        '400':
          $ref: '#/components/responses/BadRequest'
        '404':
          $ref: '#/components/responses/SessionNotFound'
        '409':
          description: |
            The screen is not the active (top) screen (`screen-not-active`,
            with `activeScreen` and `currentVersion`), the session has finished
            (`session-finished`), it accepted as many events as it may
            (`event-limit-reached`), or the event would push the stack past
            its depth limit (`stack-limit-reached`). Nothing changed.
          content:
            application/problem+json:
              schema:
                $ref: '#/components/schemas/Problem'
        '412':
          description: |
            `If-Match` does not name the current version, or is not a tag this
            API issues (`version-mismatch`, with `currentVersion`). Nothing
            changed.
          content:
            application/problem+json:
              schema:
                $ref: '#/components/schemas/Problem'
        '413':
          $ref: '#/components/responses/BodyTooLarge'
        '415':
          $ref: '#/components/responses/UnsupportedMediaType'
        '422':
          description: |
            The screen does not accept that event (`event-not-accepted`, with
            `acceptedEvents`), the payload does not match the event's fields
            (`invalid-payload`, with `errors`), or the coordinator refused it
            (`event-rejected`, e.g. an unknown currency code).
          content:
            application/problem+json:
              schema:
                $ref: '#/components/schemas/Problem'
        '500':
          $ref: '#/components/responses/FlowFailure'
  /v1/sessions/{id}/history:
    parameters:
      - $ref: '#/components/parameters/SessionId'
    get:
      tags: [sessions]
      operationId: getHistory
      summary: The router calls made so far
      description: |
        With `since=N`, only the calls that produced versions after N, oldest
        first: the transition plan a client animates from version N to now.
      parameters:
        - $ref: '#/components/parameters/Since'
      responses:
        '401':
          $ref: '#/components/responses/Unauthorized'
        '200':
          description: The history document.
          headers:
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/HistoryDocument'
        '400':
          $ref: '#/components/responses/InvalidQuery'
        '404':
          $ref: '#/components/responses/SessionNotFound'
    head:
      tags: [sessions]
      operationId: headHistory
      summary: The history, headers only
      parameters:
        - $ref: '#/components/parameters/Since'
      responses:
        '401':
          $ref: '#/components/responses/Unauthorized'
        '200':
          description: The history exists.
          headers:
            Cache-Control:
              $ref: '#/components/headers/CacheControl'
        '400':
          description: '`since` is not a non-negative integer.'
        '404':
          description: No live session has this id.
components:
  securitySchemes:
    bearerAuth:
      type: http
      scheme: bearer
      description: |
        The server's API key, when it runs with one; then every `/v1` route
        needs it. Compared in constant time.
  parameters:
    SessionId:
      name: id
      in: path
      required: true
      description: |
        The session id from `POST /v1/sessions`: 128 random bits as 32
        lowercase hex digits. Anything else is a session that does not exist.
      schema:
        type: string
        pattern: '^[0-9a-f]{32}$'
    Since:
      name: since
      in: query
      required: false
      description: |
        A session version; only the router calls that produced later versions
        are listed. Digits only; given at most once. Other query parameters
        are ignored.
      schema:
        type: integer
        minimum: 0
        maximum: 9223372036854775807
        default: 0
    IfMatch:
      name: If-Match
      in: header
      required: false
      description: |
        Apply the event only if the session is still at this version:
        `"N"`, `W/"N"` (treated alike) or `*` (any version). In a list only
        the first tag counts. A value that is no tag of this API never
        matches (412).
      schema:
        type: string
      example: '"3"'
    IfNoneMatch:
      name: If-None-Match
      in: header
      required: false
      description: |
        The versions the client already has, e.g. `"3"`, `W/"3"`, a list of
        them, or `*`. When one is current the answer is 304 with no body.
      schema:
        type: string
      example: '"3"'
  headers:
    ETag:
      description: The session's version as a strong entity tag, e.g. `"3"`.
      schema:
        type: string
        pattern: '^"[0-9]+"$'
    Location:
      description: The new session's path, `/v1/sessions/{id}`.
      schema:
        type: string
        format: uri-reference
    Allow:
      description: The methods this path answers, e.g. `GET, HEAD`.
      schema:
        type: string
    RetryAfter:
      description: Seconds to wait before trying again (2).
      schema:
        type: integer
        minimum: 1
    CacheControl:
      description: Always `no-store`; session state changes with every event.
      schema:
        type: string
        const: no-store
  responses:
    Unauthorized:
      description: |
        The server runs with an API key and the request does not carry it
        as `Authorization: Bearer <key>` (`unauthorized`).
      headers:
        WWW-Authenticate:
          description: Always `Bearer realm="navigation-server"`.
          schema:
            type: string
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
    BadRequest:
      description: |
        The request itself is wrong: the body is missing, is not valid JSON
        (`malformed-json`, the detail gives line and column), is not an
        object, or has a missing, mistyped or unknown member
        (`invalid-request`, with `errors` naming each member).
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
    InvalidQuery:
      description: '`since` is not a non-negative integer, or is given twice (`invalid-query`).'
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
    SessionNotFound:
      description: No live session has this id; it never existed, ended, or expired (`session-not-found`).
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
    NotModified:
      description: The version named in `If-None-Match` is current. No body.
      headers:
        ETag:
          $ref: '#/components/headers/ETag'
        Cache-Control:
          $ref: '#/components/headers/CacheControl'
    BodyTooLarge:
      description: The body is larger than the server's `--max-body-bytes` (`body-too-large`). The connection is closed.
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
    UnsupportedMediaType:
      description: |
        A non-empty body not sent as JSON (`unsupported-media-type`):
        `Content-Type` must be `application/json` or a `+json` type, with no
        charset other than UTF-8.
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
    MethodNotAllowed:
      description: The path exists but does not answer this method (`method-not-allowed`).
      headers:
        Allow:
          $ref: '#/components/headers/Allow'
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
    NotFound:
      description: No resource has this path (`not-found`).
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
    FlowFailure:
      description: |
        The flow misused its router or broke an invariant while handling the
        request (`flow-failure`). This is a bug in the flow, not in the
        request; nothing was changed.
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
  schemas:
    Health:
      type: object
      required: [status]
      properties:
        status:
          type: string
          const: ok
    FlowList:
      type: object
      required: [flows]
      properties:
        flows:
          type: array
          items:
            $ref: '#/components/schemas/Flow'
    Flow:
      type: object
      required: [name, description, context]
      properties:
        name:
          type: string
          description: What `POST /v1/sessions` names in `flow`.
          examples: [app]
        description:
          type: string
        context:
          type: object
          description: The context members, by name, in the order clients should show them.
          additionalProperties:
            $ref: '#/components/schemas/ContextField'
    ContextField:
      type: object
      required: [type, nullable, default, description]
      properties:
        type:
          $ref: '#/components/schemas/FieldType'
        nullable:
          type: boolean
          description: Whether `null` is allowed as well as `type`.
        default:
          description: The value used when the client leaves the member out.
        description:
          type: string
    FieldType:
      type: string
      enum: [string, number, boolean, object, array]
    CreateSessionRequest:
      type: object
      required: [flow]
      additionalProperties: false
      properties:
        flow:
          type: string
          description: The name of a flow from `GET /v1/flows`.
        context:
          type: [object, 'null']
          description: |
            The application state the root coordinator reads at `start()`.
            Members must be the flow's context members; missing ones take their
            defaults. Absent or `null` means an empty context.
    SendEventRequest:
      type: object
      required: [screen, event]
      additionalProperties: false
      properties:
        screen:
          type: string
          description: The id of the screen that reports the event (`s3`); it must be the top of the stack.
        event:
          type: string
          description: One of the screen's `events`, or `back` / `dismiss` where listed.
        payload:
          type: [object, 'null']
          description: The event's fields, each required and nothing else; absent or `null` means none.
    Session:
      type: object
      required: [id, flow, version, stack, coordinators, finished]
      properties:
        id:
          type: string
          pattern: '^[0-9a-f]{32}$'
        flow:
          type: string
        version:
          type: integer
          minimum: 1
          description: 1 at creation, plus one per accepted event; also the `ETag`.
        stack:
          type: array
          description: |
            What the client renders, bottom to top. A `sheet` or `fullScreen`
            entry opens a modal and the `push` entries after it belong to that
            modal. Only the top entry is interactive.
          items:
            $ref: '#/components/schemas/StackEntry'
        coordinators:
          description: The live coordinator tree; `null` once the root has finished.
          oneOf:
            - $ref: '#/components/schemas/Coordinator'
            - type: 'null'
        finished:
          type: boolean
          description: True once the root coordinator has finished; events are then refused (409).
        result:
          description: Present only when `finished`; the root coordinator's output (any JSON value).
    StackEntry:
      type: object
      required: [id, name, presentation, coordinator, params, events]
      properties:
        id:
          type: string
          description: Unique in the session, stable for the screen's life, e.g. `s2`.
        name:
          type: string
          description: The contract name clients render by, e.g. `calculator`.
        presentation:
          $ref: '#/components/schemas/Presentation'
        coordinator:
          type: string
          description: The id of the coordinator that showed the screen.
        params:
          type: object
          description: The screen's current state (its view model's output).
        events:
          type: array
          description: The events the screen accepts, declared ones first, then `back` and `dismiss` where allowed.
          items:
            $ref: '#/components/schemas/EventDescription'
    Presentation:
      type: string
      enum: [root, push, sheet, fullScreen]
    EventDescription:
      type: object
      required: [name]
      properties:
        name:
          type: string
        fields:
          type: object
          description: The payload's fields and their types; absent when the event takes no payload.
          additionalProperties:
            $ref: '#/components/schemas/FieldType'
    Coordinator:
      type: object
      required: [id, type, children]
      properties:
        id:
          type: string
          description: Unique in the session, e.g. `c1`.
        type:
          type: string
          description: The coordinator's type name, e.g. `CalculatorCoordinator`.
        children:
          type: array
          description: Its live child coordinators; a finished one never appears.
          items:
            $ref: '#/components/schemas/Coordinator'
    HistoryDocument:
      type: object
      required: [version, truncated, entries]
      properties:
        version:
          type: integer
          minimum: 1
          description: The session's current version.
        truncated:
          type: boolean
          description: |
            True when some calls after `since` were already dropped (the server
            keeps `--max-history` entries per session): fetch the session
            instead of animating from the old version.
        entries:
          type: array
          description: Oldest first.
          items:
            $ref: '#/components/schemas/HistoryEntry'
    HistoryEntry:
      type: object
      required: [seq, version, operation, screen, screenId, coordinator, animated, byUser]
      properties:
        seq:
          type: integer
          minimum: 1
          description: Position in the session's history, from 1, never reused.
        version:
          type: integer
          minimum: 1
          description: The session version this call produced.
        operation:
          type: string
          enum: [push, pop, popToRoot, setRoot, present, dismiss, update]
        screen:
          type: string
          description: The name of the screen the call acted on.
        screenId:
          type: string
        presentation:
          $ref: '#/components/schemas/Presentation'
          description: How the screen was presented; only for push, present and setRoot.
        coordinator:
          type: string
          description: The type of the coordinator that made the call (or owned the screen, for `byUser` calls).
        animated:
          type: boolean
        byUser:
          type: boolean
          description: True for the user's own `back` and `dismiss`.
    Problem:
      type: object
      description: An RFC 9457 problem.
      required: [type, title, status, detail]
      properties:
        type:
          type: string
          enum:
            - urn:navigation-server:problem:not-found
            - urn:navigation-server:problem:method-not-allowed
            - urn:navigation-server:problem:malformed-json
            - urn:navigation-server:problem:invalid-request
            - urn:navigation-server:problem:invalid-query
            - urn:navigation-server:problem:unsupported-media-type
            - urn:navigation-server:problem:body-too-large
            - urn:navigation-server:problem:unauthorized
            - urn:navigation-server:problem:session-not-found
            - urn:navigation-server:problem:flow-not-found
            - urn:navigation-server:problem:invalid-context
            - urn:navigation-server:problem:screen-not-active
            - urn:navigation-server:problem:session-finished
            - urn:navigation-server:problem:version-mismatch
            - urn:navigation-server:problem:event-not-accepted
            - urn:navigation-server:problem:invalid-payload
            - urn:navigation-server:problem:event-rejected
            - urn:navigation-server:problem:too-many-sessions
            - urn:navigation-server:problem:event-limit-reached
            - urn:navigation-server:problem:stack-limit-reached
            - urn:navigation-server:problem:flow-failure
        title:
          type: string
          description: A short summary, the same for every problem of this type.
        status:
          type: integer
          description: The HTTP status code.
        detail:
          type: string
          description: What went wrong this time, in a sentence a client developer can act on.
        acceptedEvents:
          type: array
          description: For `event-not-accepted`, the events the screen does accept.
          items:
            type: string
        errors:
          type: array
          description: For `invalid-request`, `invalid-payload` and `invalid-context`, each member that is wrong.
          items:
            $ref: '#/components/schemas/FieldError'
        currentVersion:
          type: integer
          description: For 409 and 412, the session's version when the request was refused.
        activeScreen:
          type: string
          description: For `screen-not-active`, the id of the active (top) screen.
    FieldError:
      type: object
      required: [field, message]
      properties:
        field:
          type: string
          description: The member's name.
        message:
          type: string
          description: What is wrong with it, e.g. `must be a string, not number`.

"""#
}
