// Resident memory of one system's run: before its trials the kernel's high-water mark of the
// process is reset to what is resident now (Linux: "5" written to /proc/self/clear_refs), and
// after them it is read back (VmHWM in /proc/self/status). Where the mark cannot be reset, the
// process's high-water mark so far stands in, which bounds the row's from above.
#pragma once

namespace graphring::bench {

class memory_watch {
 public:
  memory_watch();           // resets the high-water mark where the kernel allows
  double peak_mb() const;   // the high-water mark since, MiB
  double added_mb() const;  // peak_mb() less what was resident at the start, MiB
  bool per_row() const { return reset_; }

 private:
  bool reset_ = false;
  double start_mb_ = 0;
};

}  // namespace graphring::bench
