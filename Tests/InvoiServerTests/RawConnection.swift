import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to 127.0.0.1 driven byte by byte, for clients that misbehave: heads
/// sent in pieces, bodies cut short, connections held open. Every wait is bounded.
final class RawConnection: @unchecked Sendable {
    let descriptor: Int32

    /// `receiveBuffer` fixes the socket's receive buffer (no autotuning), for a client that
    /// stops reading a large answer: the server then cannot hand all of it to the kernel.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HTTPTestError(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw HTTPTestError(description: "connect to port \(port): errno \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Sends what the socket takes within its 2-second send timeout; the count sent.
    @discardableResult
    func send(_ data: Data) -> Int {
        var sent = 0
        while sent < data.count {
            let count = data.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            sent += count
        }
        return sent
    }

    @discardableResult
    func send(_ text: String) -> Int { send(Data(text.utf8)) }

    /// Makes the close a reset (SO_LINGER 0): a client that goes away mid-answer.
    func resetOnClose() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Ends the sending side (the client has sent all it will).
    func shutdownSending() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// What arrives within `seconds`, until the server closes (`closed`) or `stop` says
    /// enough has come.
    func receive(
        within seconds: Double, until stop: (Data) -> Bool = { _ in false }
    ) -> (data: Data, closed: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 || stop(received) { return (received, false) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return (received, true) }
            received.append(buffer, count: count)
        }
    }

    /// The status of the first answer that arrives within `seconds`, or nil.
    func status(within seconds: Double) -> Int? {
        let (data, _) = receive(within: seconds) { $0.firstRange(of: Data("\r\n".utf8)) != nil }
        return Self.status(of: data)
    }

    static func status(of data: Data) -> Int? {
        guard let end = data.firstRange(of: Data("\r\n".utf8)) else { return nil }
        let parts = String(decoding: data[..<end.lowerBound], as: UTF8.self).split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}

/// What the kernel says of a spawned process.
enum ProcessState {
    /// Its open descriptors.
    static func openDescriptors(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    /// User and system CPU time it has used, in seconds.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // Fields 14 and 15 (utime, stime); the first after the name is field 3.
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits up to `seconds` for `condition`; whether it held.
    static func wait(_ seconds: Double, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }
}
