import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// How long a connection may take over each part of its life, and how many may be open.
struct ConnectionLimits: Sendable {
    var maximumConnections: Int
    var headerTimeout: Duration
    var idleTimeout: Duration
    var lingerTimeout: Duration
    /// From a request head to the end of its body (the server's `--timeout`).
    var bodyTimeout: Duration
    /// From the opening of a connection in the probe reserve to the end of its head.
    var reserveHeaderTimeout: Duration

    init(_ configuration: ServerConfiguration) {
        maximumConnections = configuration.maximumConnections
        headerTimeout = configuration.headerTimeout
        idleTimeout = configuration.idleTimeout
        lingerTimeout = configuration.lingerTimeout
        bodyTimeout = configuration.timeout
        reserveHeaderTimeout = min(configuration.headerTimeout, .seconds(2))
    }
}

/// The open connections of one server, for the connection limit: at the limit, a new
/// connection closes the one idle the longest (a keep-alive connection between requests or
/// a client still sending its head). Connections with a request in progress are never
/// closed for room; when every one has, the new connection goes to a small reserve kept
/// beyond the limit for probes (/health, /ready, /metrics), so that a load balancer's
/// health check is answered however busy the server is. A reserve connection answers one
/// request, a probe or a 503, then closes; when the reserve too is full, the new connection
/// closes the reserve connection idle the longest, or is closed itself.
final class ConnectionTable: Sendable {
    /// How a connection was let in.
    enum Admission: Sendable {
        case regular
        /// In the reserve: one probe answered, anything else refused 503.
        case probesOnly
        /// No room: closed.
        case refused
    }

    private struct Entry {
        let channel: any Channel
        let isReserve: Bool
        /// Nil while a request is in progress.
        var idleSince: ContinuousClock.Instant?
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var reserveCount = 0
        var regularCount: Int { entries.count - reserveCount }
    }

    /// Connections held for probes beyond `maximum`: a few health checkers and a scraper at
    /// once. Small, because each costs a descriptor; safe, because each lives for one
    /// request under a short header timeout.
    static let probeReserve = 8

    let maximum: Int
    private let state = Mutex(State())

    init(maximum: Int) {
        self.maximum = max(1, maximum)
    }

    /// Connections open, the reserve's included.
    var count: Int { state.withLock { $0.entries.count } }

    /// Registers an open connection, idle; closes another connection, or this one, if that
    /// makes one too many.
    func admit(_ channel: any Channel) -> Admission {
        let now = ContinuousClock.now
        let id = ObjectIdentifier(channel)
        let (admission, closing): (Admission, (any Channel)?) = state.withLock { state in
            // Taken out at once, so that connections arriving together close different ones.
            func takeOldestIdle(inReserve: Bool) -> (any Channel)? {
                var oldest: (key: ObjectIdentifier, since: ContinuousClock.Instant)?
                for (key, entry) in state.entries where entry.isReserve == inReserve {
                    if let since = entry.idleSince, oldest.map({ since < $0.since }) ?? true { oldest = (key, since) }
                }
                guard let oldest else { return nil }
                if inReserve { state.reserveCount -= 1 }
                return state.entries.removeValue(forKey: oldest.key)?.channel
            }
            if state.regularCount < maximum {
                state.entries[id] = Entry(channel: channel, isReserve: false, idleSince: now)
                return (.regular, nil)
            }
            if let closing = takeOldestIdle(inReserve: false) {
                state.entries[id] = Entry(channel: channel, isReserve: false, idleSince: now)
                return (.regular, closing)
            }
            var closing: (any Channel)?
            if state.reserveCount >= Self.probeReserve {
                closing = takeOldestIdle(inReserve: true)
                guard closing != nil else { return (.refused, channel) }
            }
            state.entries[id] = Entry(channel: channel, isReserve: true, idleSince: now)
            state.reserveCount += 1
            return (.probesOnly, closing)
        }
        closing?.close(promise: nil)
        return admission
    }

    /// Whether `channel` is in the reserve, where only probes are answered.
    func isProbesOnly(_ channel: any Channel) -> Bool {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.isReserve ?? false }
    }

    func setIdle(_ isIdle: Bool, channel: any Channel) {
        let id = ObjectIdentifier(channel)
        state.withLock { state in
            guard state.entries[id] != nil else { return }
            state.entries[id]?.idleSince = isIdle ? .now : nil
        }
    }

    /// Closes every connection (a drain out of time); returns how many had a request in
    /// progress, whose answers are cut off.
    @discardableResult
    func closeAll() -> Int {
        let entries = state.withLock { Array($0.entries.values) }
        for entry in entries { entry.channel.close(promise: nil) }
        return entries.count { $0.idleSince == nil }
    }

    func remove(_ channel: any Channel) {
        state.withLock { state in
            if state.entries.removeValue(forKey: ObjectIdentifier(channel))?.isReserve == true {
                state.reserveCount -= 1
            }
        }
    }
}

/// Hummingbird's HTTP/1 channel with a `ConnectionGuard` in front of its decoder and an
/// `ExchangeObserver` right after it.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let http1: HTTP1Channel
    let limits: ConnectionLimits
    let connections: ConnectionTable

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let connectionGuard = ConnectionGuard(limits: limits, connections: connections)
        do {
            try channel.pipeline.syncOperations.addHandler(connectionGuard, position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        // HTTP1Channel's setup adds its handlers synchronously, before it returns.
        let value = http1.setup(channel: channel, logger: logger)
        do {
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(
                ExchangeObserver(connectionGuard: connectionGuard, bodyTimeout: limits.bodyTimeout),
                position: .after(decoder))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return value
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

/// Thrown into a request's body when it has not arrived in full within the server's timeout.
struct BodyTimeout: Error {}

/// Asks the connection for `100 Continue` (sent if the request is still being read).
struct ContinueRequest: Sendable {}

/// The first handler of a connection, on its bytes: closes a connection that takes too long
/// to send a request head or stays idle too long, and after an answer that ends the
/// connection (an error, a request not read to its end, a drain) reads and drops what the client
/// still sends until it closes or `lingerTimeout` passes, then closes. Without that, a
/// connection whose reading had stopped was never closed, and an immediate close would turn
/// the unread bytes into a reset that can destroy the answer before the client reads it.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private enum Phase {
        /// Between requests (or before the first): waiting for a byte.
        case idle
        /// Bytes of a head have come, not the whole head.
        case readingHead
        /// A request is being read or answered.
        case exchange
        /// Answered and half-closed: dropping input until the client closes.
        case lingering
    }

    private let limits: ConnectionLimits
    private let connections: ConnectionTable
    private var phase = Phase.idle
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    private var isRegistered = false
    private var isInputClosed = false
    /// In the connection table's reserve: one request, a probe or a 503, then closed.
    private(set) var isProbesOnly = false
    /// The server is draining: the answer in progress is the connection's last.
    private(set) var isDraining = false

    init(limits: ConnectionLimits, connections: ConnectionTable) {
        self.limits = limits
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { activate(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        activate(context)
        context.fireChannelActive()
    }

    private func activate(_ context: ChannelHandlerContext) {
        guard !isRegistered else { return }
        isRegistered = true
        switch connections.admit(context.channel) {
        case .regular:
            schedule(after: limits.idleTimeout)
        case .probesOnly:
            isProbesOnly = true
            // A probe sends its head at once: a client holding a reserve place without one
            // is let go soon, so that slow clients cannot fill the reserve too.
            schedule(after: limits.reserveHeaderTimeout)
        case .refused:
            break  // closed by the table
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        connections.remove(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .lingering:
            return
        case .idle:
            phase = .readingHead
            if !isProbesOnly { schedule(after: limits.headerTimeout) }
        case .readingHead, .exchange:
            break
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if phase == .lingering {
            // Nobody above reads any more: keep reading here until the client closes.
            context.read()
        } else {
            context.fireChannelReadComplete()
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            // Kept from Hummingbird's handler, which closes the connection as soon as the last
            // answer is queued: the kernel then drops what it has not sent yet (a large PDF
            // cut off while the log says 200), and unread input turns the close into a reset.
            // Here the answer in progress is sent in full and the connection lingers closed.
            isDraining = true
            switch phase {
            case .idle, .readingHead: linger()
            case .exchange, .lingering: break
            }
            return
        }
        if case .inputClosed = event as? ChannelEvent {
            isInputClosed = true
            if phase == .lingering {
                context.close(promise: nil)
                return
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// A request head has been decoded.
    func headReceived() {
        guard phase != .lingering else { return }
        phase = .exchange
        cancelTimer()
        guard let context else { return }
        connections.setIdle(false, channel: context.channel)
    }

    /// Every request read so far is answered; the connection is kept for the next.
    func exchangesEnded() {
        guard phase == .exchange else { return }
        guard !isDraining else {
            linger()
            return
        }
        phase = .idle
        guard let context else { return }
        connections.setIdle(true, channel: context.channel)
        schedule(after: limits.idleTimeout)
    }

    /// An answer that ends the connection has been written.
    func linger() {
        guard let context, phase != .lingering else { return }
        phase = .lingering
        connections.setIdle(true, channel: context.channel)
        guard !isInputClosed else {
            context.close(promise: nil)
            return
        }
        context.close(mode: .output, promise: nil)
        schedule(after: limits.lingerTimeout)
        context.read()
    }

    private func schedule(after delay: Duration) {
        cancelTimer()
        guard let context else { return }
        let loop = context.eventLoop.assumeIsolated()
        timer = loop.scheduleTask(in: TimeAmount(delay)) { [self] in
            timer = nil
            self.context?.close(promise: nil)
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}

/// Right after the HTTP/1 decoder: tells the `ConnectionGuard` where requests and answers
/// begin and end, marks an answer `Connection: close` when the connection cannot carry
/// another request (its request not read to the end, a parse error, no keep-alive, a
/// drain), bounds the time a request body may take, sends `100 Continue` when asked, and
/// finishes each answer's `AccessRecord` with what reached the socket.
final class ExchangeObserver: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let connectionGuard: ConnectionGuard
    private let bodyTimeout: Duration
    /// Heads read and not yet answered.
    private var pending = 0
    /// A head whose end has not been read.
    private var isRequestOpen = false
    private var isKeepAlive = true
    private var hasFailed = false
    private var isClosing = false
    private var bodyTimer: Scheduled<Void>?
    /// Access records of answers the responder has made and not yet begun to write.
    private var records: [AccessRecord] = []
    /// The answer being written.
    private var answer: AnswerProgress?

    /// How much of one answer has reached the socket.
    private final class AnswerProgress {
        let record: AccessRecord?
        var isHeadWritten = false
        var bodyBytes = 0

        init(record: AccessRecord?) { self.record = record }

        func finish(written: Bool) {
            record?.finish(written ? .complete : isHeadWritten ? .incomplete : .unanswered, bodyBytes: bodyBytes)
        }
    }

    /// A body is handed to the socket in slices of this size, each counted when written, so
    /// that an answer cut off is logged with about the bytes that left.
    private static let sliceSize = 256 << 10

    init(connectionGuard: ConnectionGuard, bodyTimeout: Duration) {
        self.connectionGuard = connectionGuard
        self.bodyTimeout = bodyTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(var head):
            pending += 1
            isRequestOpen = true
            isKeepAlive = head.isKeepAlive
            connectionGuard.headReceived()
            startBodyTimer(context, head: head)
            if head.version == .http1_0, !head.headers.contains(name: "host") {
                // HTTP/1.0 needs no Host; an empty one tells the responder it was not left out.
                head.headers.add(name: "host", value: "")
                context.fireChannelRead(wrapInboundOut(.head(head)))
                return
            }
        case .body:
            break
        case .end:
            isRequestOpen = false
            bodyTimer?.cancel()
            bodyTimer = nil
        }
        context.fireChannelRead(data)
    }

    private func startBodyTimer(_ context: ChannelHandlerContext, head: HTTPRequestHead) {
        let length = head.headers.first(name: "content-length")
        guard length != nil || head.headers.contains(name: "transfer-encoding"), length != "0" else { return }
        bodyTimer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(bodyTimeout)) { [self] in
            bodyTimer = nil
            guard isRequestOpen else { return }
            // Ends the body the responder reads; it answers 503.
            context.fireErrorCaught(BodyTimeout())
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        hasFailed = true
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200 || head.status == .switchingProtocols:
            isClosing =
                isRequestOpen || hasFailed || !isKeepAlive || connectionGuard.isProbesOnly || connectionGuard.isDraining
            if isClosing, !head.headers.contains(name: "connection") {
                head.headers.add(name: "connection", value: "close")
            }
            let answer = AnswerProgress(record: records.isEmpty ? nil : records.removeFirst())
            self.answer = answer
            let promise = promise ?? context.eventLoop.makePromise()
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            promise.futureResult.assumeIsolated().whenSuccess { answer.isHeadWritten = true }
            return
        case .body(.byteBuffer(var buffer)) where answer != nil:
            let answer = self.answer!
            // Each slice counted once the socket has taken it; the caller hears of the last.
            while buffer.readableBytes > Self.sliceSize {
                let slice = buffer.readSlice(length: Self.sliceSize)!
                let written = context.eventLoop.makePromise(of: Void.self)
                context.write(wrapOutboundOut(.body(.byteBuffer(slice))), promise: written)
                written.futureResult.assumeIsolated().whenSuccess { answer.bodyBytes += Self.sliceSize }
            }
            let count = buffer.readableBytes
            let promise = promise ?? context.eventLoop.makePromise()
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: promise)
            promise.futureResult.assumeIsolated().whenSuccess { answer.bodyBytes += count }
            return
        case .head, .body:
            break
        case .end:
            pending = max(0, pending - 1)
            let promise = promise ?? context.eventLoop.makePromise()
            context.write(data, promise: promise)
            let closing = isClosing
            let answer = self.answer
            self.answer = nil
            promise.futureResult.assumeIsolated().whenComplete { [connectionGuard, pending] result in
                if case .success = result {
                    answer?.finish(written: true)
                } else {
                    answer?.finish(written: false)
                }
                if closing {
                    connectionGuard.linger()
                } else if pending == 0 {
                    connectionGuard.exchangesEnded()
                }
            }
            return
        }
        context.write(data, promise: promise)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        if let record = event as? AccessRecord {
            records.append(record)
            promise?.succeed()
            return
        }
        guard event is ContinueRequest else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        if isRequestOpen, !hasFailed {
            context.writeAndFlush(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))), promise: nil)
        }
        promise?.succeed()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finishRecords()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        bodyTimer?.cancel()
        finishRecords()
    }

    /// The connection has closed: the answer being written was cut off, and those not begun
    /// were never sent. (A record already finished is not written again.)
    private func finishRecords() {
        answer?.finish(written: false)
        answer = nil
        for record in records { record.finish(.unanswered, bodyBytes: 0) }
        records.removeAll()
    }
}
